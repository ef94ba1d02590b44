import { Link } from '@tanstack/react-router'
import { apiBaseUrl } from '../../content/product/api'
import { pageEntry } from '../../seo/pages'
import { StaticPage } from '../layout/StaticPage'
import { CodeBlock, InlineCode, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'
import * as p from './product.css'

/** /api: quick start as text with code samples (marketing text only; no live calls from this page). */
export function ApiPage() {
  const entry = pageEntry('/api')
  const base = apiBaseUrl()
  const curl = `curl ${base}/v1/health \\\n  -H "Authorization: Bearer $INSPECTREADY_API_KEY"`
  const js = `const response = await fetch('${base}/v1/health', {\n  headers: { Authorization: \`Bearer \${process.env.INSPECTREADY_API_KEY}\` },\n})\nconsole.log(response.status, await response.json())`
  const python = `import os, requests\n\nresponse = requests.get(\n    "${base}/v1/health",\n    headers={"Authorization": f"Bearer {os.environ['INSPECTREADY_API_KEY']}"},\n    timeout=10,\n)\nprint(response.status_code, response.json())`
  const ok = `HTTP/1.1 200 OK\nContent-Type: application/json\n\n{ "status": "ok" }`
  const unauthorised = `HTTP/1.1 401 Unauthorized\nContent-Type: application/json\n\n{ "error": "invalid_api_key", "message": "Missing or invalid API key." }`
  return (
    <StaticPage title={entry.heading} lead={entry.description}>
      <Prose>
        <p>
          The API lets you read and write your organisation’s records from your own systems over HTTPS (TLS 1.2 or later). Every
          request is made on behalf of one organisation and sees only that organisation’s data. Three steps get you to your first
          successful call.
        </p>
        <ol className={p.steps}>
          <li className={p.step}>
            <Section id="generate-key" title="1. Generate an API key">
              <p>
                Sign in as an administrator, open <strong>Settings → API keys</strong> and choose <strong>Generate key</strong>.
                Give the key a name that says what uses it, such as “Payroll export”. The key is shown once: copy it into your
                secret store or an environment variable straight away.
              </p>
              <CodeBlock caption="Store the key in an environment variable" language="sh" code={'export INSPECTREADY_API_KEY="paste-your-key-here"'} />
              <p className={s.muted}>
                Treat keys like passwords: never put them in a web page, a mobile app or a code repository. Revoke a key in the same
                settings screen if it may have been exposed.
              </p>
            </Section>
          </li>
          <li className={p.step}>
            <Section id="authenticate" title="2. Authenticate with the Authorization header">
              <p>
                Send the key on every request in the <InlineCode>Authorization</InlineCode> header, using the Bearer scheme:
              </p>
              <CodeBlock caption="Request header" language="http" code={'Authorization: Bearer <your API key>'} />
              <p>
                Requests without a valid key are refused with status <InlineCode>401</InlineCode>.
              </p>
            </Section>
          </li>
          <li className={p.step}>
            <Section id="test" title="3. Test your connection with /v1/health">
              <p>
                <InlineCode>GET /v1/health</InlineCode> checks that the API is up and your key is accepted. It changes nothing, so it
                is safe to call from a deployment check.
              </p>
              <CodeBlock caption="curl" language="sh" code={curl} />
              <CodeBlock caption="JavaScript (Node 18 or later)" language="js" code={js} />
              <CodeBlock caption="Python" language="python" code={python} />
              <p>A working key returns:</p>
              <CodeBlock caption="Success response" language="http" code={ok} />
              <p>A missing or revoked key returns:</p>
              <CodeBlock caption="Error response" language="http" code={unauthorised} />
            </Section>
          </li>
        </ol>
        <Section id="next" title="Next steps">
          <p>
            The API base URL is <InlineCode>{base}</InlineCode>. For access, rate limits or a full reference for your integration,{' '}
            <Link to="/contact">contact us</Link>. Ready-made connections for accounting, rostering, team chat and learning tools are
            listed on the <Link to="/integrations">Integrations</Link> page.
          </p>
        </Section>
      </Prose>
    </StaticPage>
  )
}
