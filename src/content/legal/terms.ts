import { config } from '../../config'
import type { LegalDocument } from './types'

/** The terms of service (/terms). The shared notes on the legal documents are in ./types.ts. */

const brand = config.brand
const email = config.organisationEmail

export const termsOfService: LegalDocument = {
  intro: `These terms are an agreement between ${brand} and the organisation that creates an account (“you”). Please read them before using the platform; by creating an account you accept them on behalf of your organisation.`,
  sections: [
    {
      id: 'about',
      heading: 'About these terms',
      body: [
        `These terms govern access to and use of the ${brand} website and platform. If you have signed an order form with us, the order form takes priority where it differs from these terms. Our Privacy policy and Cookie policy explain how we handle personal data.`,
      ],
    },
    {
      id: 'accounts',
      heading: 'Accounts and eligibility',
      body: [
        'The platform is for business use by organisations and their authorised staff. Accounts must be opened with a work email address, and the details you give must be accurate and kept up to date.',
        `You are responsible for the users you invite, for keeping passwords confidential and for activity under your account. Tell us promptly at ${email} if you suspect unauthorised access.`,
      ],
    },
    {
      id: 'plans-and-fees',
      heading: 'Plans, fees and payment',
      body: [
        'The free plan is free forever for up to 3 staff members. The paid plan offers unlimited seats, priced per user and per location as shown on your order or in the app when you upgrade.',
        'Paid plans are billed in advance in pounds sterling, monthly or annually. Prices exclude VAT, which is added at the applicable rate. Invoices are payable within 30 days. We give at least 30 days’ notice of any price change, which applies from your next billing period.',
      ],
    },
    {
      id: 'free-plan',
      heading: 'The free plan',
      body: [
        'The free plan includes competency assessments with AI feedback, audits, microlearning, the dashboard and settings for up to 3 staff members. We may change the features of the free plan on reasonable notice, and will not delete your data because of such a change without giving you the chance to export it.',
      ],
    },
    {
      id: 'your-data',
      heading: 'Your data and data protection',
      body: [
        'You own the data you put into the platform. You grant us the rights we need to host, process and display it to provide the service, and nothing more.',
        'Where we process personal data on your behalf we act as your processor under the UK GDPR and the Data Protection Act 2018, and our data processing terms (which meet Article 28) form part of these terms. You are responsible for having a lawful basis for the records you keep, including special category data about the people you support.',
        'You can export your data at any time while your account is open, and for 30 days after it ends.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      body: [
        'You must not, and must not let anyone else:',
        {
          list: [
            'use the platform for anything unlawful, or to store content you have no right to store;',
            'try to get around security, access another organisation’s data, or probe, scan or test the platform’s vulnerability without our written permission;',
            'overload the service, including through automated access beyond the limits of our API;',
            'resell or white-label the platform except under a partner agreement with us;',
            'upload malware or content that infringes the rights of others.',
          ],
        },
      ],
    },
    {
      id: 'ai-features',
      heading: 'AI features',
      body: [
        'Some features, such as feedback on competency assessments, use artificial intelligence. AI output is guidance for a qualified person to review: it never replaces human or professional judgement, and decisions about care, safeguarding, employment or regulatory matters remain yours. Our AI ethics policy describes how we build and oversee these features.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      body: [
        `${brand} and its licensors own the platform, its software, course materials and documentation. We grant you a non-exclusive, non-transferable right to use them for your organisation’s internal purposes during your subscription. Feedback you give us may be used to improve the product without obligation to you.`,
      ],
    },
    {
      id: 'availability',
      heading: 'Availability and support',
      body: [
        'We work to keep the platform available around the clock and target 99.9% uptime, excluding planned maintenance, which we schedule outside UK working hours where we can and announce in advance. Support is available by email during UK business hours.',
      ],
    },
    {
      id: 'confidentiality',
      heading: 'Confidentiality',
      body: [
        'Each party will keep the other’s confidential information secret and use it only to perform these terms, except where disclosure is required by law or by a regulator. This duty continues for five years after the agreement ends, and indefinitely for personal data and trade secrets.',
      ],
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      body: [
        'Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited under the law of England and Wales.',
        'Subject to that, neither party is liable for loss of profits, revenue, goodwill or anticipated savings, or for indirect or consequential loss. Each party’s total liability arising out of or in connection with these terms in any 12-month period is limited to the fees you paid in the preceding 12 months.',
      ],
    },
    {
      id: 'termination',
      heading: 'Term, suspension and termination',
      body: [
        'These terms apply from when you create an account until it is closed. You can close your account at any time; paid plans run to the end of the period already paid for.',
        'Either party may terminate if the other commits a material breach and, where the breach can be remedied, fails to remedy it within 30 days of written notice describing it (the cure period). We may suspend access immediately where needed to protect the platform or other customers from a security threat or unlawful use, and will tell you why.',
        'On termination your right to use the platform ends, and we delete your data as described in our Privacy policy after the 30-day export window.',
      ],
    },
    {
      id: 'general',
      heading: 'Changes, governing law and contact',
      body: [
        'We may update these terms; we will give account holders at least 30 days’ notice of material changes by email, and the effective date at the top shows the version that applies. If you do not agree to a change you may close your account before it takes effect.',
        `These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction. Questions about these terms: ${email}.`,
      ],
    },
  ],
}
