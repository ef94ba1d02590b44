/**
 * What each ready-to-connect integration does, keyed by the partner's domain. The partners themselves
 * (names, logos, categories) come from src/content/integrations.ts, shared with the landing page.
 */
export const integrationDescriptions: Readonly<Record<string, string>> = {
  'xero.com': 'Send approved hours and expenses to Xero so invoices and payroll match the rota.',
  'quickbooks.intuit.com': 'Keep QuickBooks up to date with hours worked and cash records, without re-keying.',
  'slack.com': 'Post overdue audits, new incidents and expiring training to the right Slack channel.',
  'deputy.com': 'Sync Deputy schedules and timesheets with staff records and training status.',
  'rotacloud.com': 'Import shifts from RotaCloud so attendance and handovers line up with who is on.',
  'moodle.org': 'Bring course completions from your Moodle site into each person’s training record.',
  'sage.com': 'Export hours, cash and expenses to Sage Accounting and Sage Payroll.',
}
