import { config } from '../../config'
import type { LegalDocument } from './types'

/** The cookie policy (/cookies). The shared notes on the legal documents are in ./types.ts. */

const brand = config.brand
const email = config.organisationEmail

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
