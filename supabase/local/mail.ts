/**
 * The mail catcher: keeps every e-mail the local stack sends (in memory, for the server's lifetime) and
 * shows them at / and as JSON at /api/messages (newest first). POST /api/messages accepts the same JSON
 * a Resend-style e-mail API takes, so the send-contact outbox delivers here exactly as it would hosted.
 */
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'

export interface MailMessage {
  id: string
  to: string[]
  from: string
  subject: string
  text: string
  html: string | null
  links: string[]
  created_at: string
}

export interface OutgoingMail {
  to: string | string[]
  from: string
  subject: string
  text: string
  html?: string | null
}

const MAX_MESSAGES = 2000

export class MailStore {
  private messages: MailMessage[] = []

  add(mail: OutgoingMail): MailMessage {
    const html = mail.html ?? null
    const links = new Set<string>()
    for (const m of `${html ?? ''} ${mail.text}`.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      links.add(m[0].replace(/&amp;/g, '&'))
    }
    const message: MailMessage = {
      id: randomUUID(),
      to: Array.isArray(mail.to) ? mail.to : [mail.to],
      from: mail.from,
      subject: mail.subject,
      text: mail.text,
      html,
      links: [...links],
      created_at: new Date().toISOString(),
    }
    this.messages.unshift(message)
    if (this.messages.length > MAX_MESSAGES) this.messages.length = MAX_MESSAGES
    return message
  }

  list(): MailMessage[] {
    return [...this.messages]
  }

  clear(): void {
    this.messages = []
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

export function mailApp(store: MailStore): Hono {
  const app = new Hono()
  app.use('*', bodyLimit({ maxSize: 256 * 1024, onError: (c) => c.json({ error: 'Request body too large' }, 413) }))
  app.use('*', async (c, next) => {
    await next()
    c.res.headers.set('access-control-allow-origin', '*')
  })
  app.get('/api/messages', (c) => c.json(store.list()))
  app.get('/api/messages/:id', (c) => {
    const m = store.list().find((x) => x.id === c.req.param('id'))
    return m ? c.json(m) : c.json({ error: 'Message not found' }, 404)
  })
  app.delete('/api/messages', (c) => {
    store.clear()
    return c.body(null, 204)
  })
  app.post('/api/messages', async (c) => {
    let body: Partial<OutgoingMail>
    try {
      body = await c.req.json()
    } catch {
      return c.json({ error: 'Request body must be valid JSON' }, 400)
    }
    const to = Array.isArray(body.to) ? body.to : body.to ? [body.to] : []
    if (to.length === 0 || typeof body.subject !== 'string' || typeof body.from !== 'string') {
      return c.json({ error: 'to, from and subject are required' }, 400)
    }
    const m = store.add({ to: to.map(String), from: body.from, subject: body.subject, text: String(body.text ?? ''), html: body.html ?? null })
    return c.json({ id: m.id }, 200)
  })
  app.get('/', (c) => {
    const items = store
      .list()
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p><small>${escapeHtml(m.created_at)} — from ${escapeHtml(m.from)} to ${escapeHtml(m.to.join(', '))}</small></p>
<pre>${escapeHtml(m.text)}</pre>${m.links.length ? `<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>` : ''}</article>`,
      )
      .join('<hr>')
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mail (${store.list().length})</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f5;padding:.75rem}</style></head>
<body><h1>Local mail catcher</h1><p>${store.list().length} message(s), newest first. JSON: <a href="/api/messages">/api/messages</a></p>${items || '<p>No messages yet.</p>'}</body></html>`)
  })
  app.notFound((c) => c.json({ error: 'Not found' }, 404))
  app.onError((err, c) => {
    console.error('mail catcher', err)
    return c.json({ error: 'Internal error' }, 500)
  })
  return app
}
