import { config } from '../../config'
import type { LegalDocument } from './types'

/** The privacy policy (/privacy). The shared notes on the legal documents are in ./types.ts. */

const brand = config.brand
const email = config.organisationEmail

export const privacyPolicy: LegalDocument = {
  intro: `This policy explains how ${brand} collects, uses and protects personal data when you visit our website, create an account or use our platform, and the rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      body: [
        `${brand} provides compliance and inspection-readiness software to organisations in care, education, housing and construction, mostly in the United Kingdom.`,
        `For the personal data of website visitors, people who sign up, and contacts at our customers and partners, ${brand} is the controller. For the records our customers keep in their workspaces (for example staff training records, audits, incidents or support plans), the customer is the controller and we act as their processor under a written agreement that meets Article 28 of the UK GDPR.`,
        `You can reach us about anything in this policy at ${email}.`,
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'The personal data we collect',
      body: [
        'We collect only what we need to run the service:',
        {
          list: [
            'Account details: first and last name, work email address, password (stored only as a salted hash), company name, phone number, sector, staff count and, during setup, your country, regulators, roles and review frequency.',
            'Enquiries and referrals: the name, organisation email and details you send through our contact and referral forms, and partner applications.',
            'Usage and device data: pages visited, features used, browser type, IP address and timestamps in our server logs, used to keep the service secure and working.',
            'Workspace content: the records your organisation chooses to store in the platform, which we process only on your organisation’s instructions.',
          ],
        },
        'We do not ask for personal email addresses: sign-up requires a work email so that accounts belong to organisations, not individuals.',
      ],
    },
    {
      id: 'how-we-use-data',
      heading: 'How we use personal data and our lawful bases',
      body: [
        {
          list: [
            'To create and run your account and provide the platform: performance of a contract (Article 6(1)(b)).',
            'To confirm your email address, send service messages and answer enquiries and referrals: performance of a contract or our legitimate interests in responding to people who contact us (Article 6(1)(f)).',
            'To secure the service, prevent abuse (for example rate limiting and spam traps on forms) and fix faults: legitimate interests.',
            'To improve the product from aggregated usage: legitimate interests, balanced against your rights; we do not build advertising profiles.',
            'To meet legal obligations such as tax records and responding to lawful requests: legal obligation (Article 6(1)(c)).',
          ],
        },
        'We send marketing emails only to business contacts who have not opted out, and every message has an unsubscribe link, in line with the Privacy and Electronic Communications Regulations (PECR).',
      ],
    },
    {
      id: 'special-category-data',
      heading: 'Special category data and records about people you support',
      body: [
        'Care and education customers may store health information, support plans, medication administration records or safeguarding notes about the people they support. This is special category data under Article 9 of the UK GDPR.',
        'Our customers decide what is stored and rely on their own conditions for processing, such as the provision of health or social care (Article 9(2)(h)). We process this data only to provide the service, restrict access to it by organisation and role, and never use it to train AI models or for any purpose of our own.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share data with',
      body: [
        'We do not sell personal data. We share it only with processors who help us run the service, under contracts that require them to protect it and use it only on our instructions:',
        {
          list: [
            'Cloud hosting on Amazon Web Services (AWS), where the platform and its databases run.',
            'Our database and authentication provider, which stores accounts and workspace data on that infrastructure.',
            'An email delivery provider, for confirmation emails and service messages.',
            'A scheduling provider, when you choose to book a demo through our booking page.',
          ],
        },
        'We may disclose data where the law requires it, for example to a regulator or the police with a valid request, or to a buyer of our business, who would be bound by this policy.',
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      body: [
        'We aim to keep customer data in the UK or the European Economic Area. Where a processor handles personal data outside the UK, we rely on UK adequacy regulations or on the International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses, with a transfer risk assessment.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep data',
      body: [
        {
          list: [
            'Account data: for as long as your organisation’s account is open, then deleted within 90 days of closure unless the law requires us to keep it longer.',
            'Workspace content: for the life of the customer agreement; customers can export it before closure, after which we delete it from live systems within 90 days and from backups as they expire.',
            'Enquiries and referrals: up to 24 months after our last contact with you.',
            'Invoices and financial records: six years, as HMRC requires.',
            'Security logs: up to 12 months.',
          ],
        },
      ],
    },
    {
      id: 'security',
      heading: 'How we protect data',
      body: [
        'Data is encrypted at rest with 256-bit encryption and in transit with TLS 1.2 or later. Each organisation’s records are separated by row-level security in the database, access is limited by role, passwords are stored as salted hashes, and our controls are designed to be ISO 27001 ready. More detail is on our Security page.',
        'If a personal data breach is likely to put your rights at risk, we will tell the ICO within 72 hours where required, and inform affected customers without undue delay.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      body: [
        'Under the UK GDPR you have the right to:',
        {
          list: [
            'access the personal data we hold about you;',
            'have inaccurate data corrected;',
            'have data erased where there is no good reason for us to keep it;',
            'restrict or object to processing, including processing based on legitimate interests and any direct marketing;',
            'receive your data in a portable format;',
            'withdraw consent at any time, where we rely on consent.',
          ],
        },
        `Email ${email} to use any of these rights. We will answer within one month, free of charge in most cases. If your data sits in a customer’s workspace, we will pass your request to that organisation, as the controller, and help them respond.`,
      ],
    },
    {
      id: 'children',
      heading: 'Children and young people',
      body: [
        'Our platform is for organisations and their staff, not for children. Our youth skills programme for people aged 10 to 25 is referred by adults such as parents, carers, teachers or support workers. A referrer should share a young person’s details only with the young person’s knowledge and, for children under 13, with the agreement of a parent or carer. We use referral details only to arrange the programme and keep them no longer than needed.',
      ],
    },
    {
      id: 'changes-and-complaints',
      heading: 'Changes to this policy and complaints',
      body: [
        'We review this policy at least once a year and when our processing changes. The effective date at the top shows when it last applied; material changes are announced to account holders by email.',
        `If you have a concern, please contact us first at ${email}. You also have the right to complain to the Information Commissioner’s Office (ICO), the UK supervisory authority: ico.org.uk, telephone 0303 123 1113.`,
      ],
    },
  ],
}
