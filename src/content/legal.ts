import { config } from '../config'

/**
 * Privacy policy, terms of service and cookie policy (spec section 2: 11, 13 and 5 sections).
 * Written for this product: a UK business-to-business SaaS whose customers are registered care, education,
 * housing and construction organisations. The effective date is rendered by the page (today's date).
 */
export type LegalBlock = string | { list: readonly string[] }

export interface LegalSection {
  id: string
  heading: string
  body: readonly LegalBlock[]
}

export interface LegalDocument {
  intro: string
  sections: readonly LegalSection[]
}

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

export const cookiePolicy: LegalDocument = {
  intro: `This policy explains the cookies and similar technologies ${brand} uses, in line with the Privacy and Electronic Communications Regulations (PECR) and the UK GDPR.`,
  sections: [
    {
      id: 'what-they-are',
      heading: 'What cookies and similar technologies are',
      body: [
        'Cookies are small text files a website stores in your browser. Similar technologies, such as the browser’s local storage, keep small pieces of information on your device in the same way. Under PECR we may store information on your device without consent only where it is strictly necessary for a service you ask for; anything else needs your consent.',
      ],
    },
    {
      id: 'what-we-use',
      heading: 'What we use and why',
      body: [
        'We keep this list short on purpose:',
        {
          list: [
            'Sign-in session (strictly necessary): when you sign in, the platform keeps your session tokens in your browser’s local storage so you stay signed in and your requests can be authorised. It is removed when you sign out.',
            'Reduce Motion preference (strictly necessary, set by you): if you use the Reduce Motion switch in the footer, your choice is saved in local storage under the key reduceMotion so animations stay off on your next visit.',
            'Security (strictly necessary): our servers may set short-lived technical cookies to protect forms and the service from abuse.',
          ],
        },
        'We do not use advertising cookies, and we do not use analytics cookies that track you across other websites. If we ever add optional analytics, we will ask for your consent first and update this policy.',
      ],
    },
    {
      id: 'third-parties',
      heading: 'Third-party services',
      body: [
        'Some pages show partner logos loaded from an external logo service; that service receives your IP address and browser details in order to deliver the image, as any web server does. Booking a demo opens our scheduling provider’s page in a new tab, and our video channel link opens the video platform: those services have their own cookie policies, which apply once you are on their sites.',
      ],
    },
    {
      id: 'control',
      heading: 'How to control cookies',
      body: [
        'You can see and delete cookies and local storage in your browser’s settings, and block cookies altogether. Blocking strictly necessary storage will stop you from staying signed in, and your Reduce Motion choice will not be remembered. Guidance for common browsers is available at ico.org.uk.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and contact',
      body: [
        `We will update this policy when the technologies we use change; the effective date at the top shows the version that applies. Questions: ${email}.`,
      ],
    },
  ],
}
