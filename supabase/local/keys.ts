/**
 * Local-only JWT secret and API keys: the Supabase CLI's public demo values, so the site's default anon
 * key (src/config.ts) works against this server. Never use them for anything reachable from outside.
 */
import { jwtVerify, SignJWT, type JWTPayload } from 'jose'

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

const secretKey = new TextEncoder().encode(LOCAL_JWT_SECRET)

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type ApiRole = (typeof API_ROLES)[number]

export type Claims = JWTPayload & { role?: string; sub?: string; session_id?: string; email?: string }

export async function signJwt(claims: Claims, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secretKey)
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; expired: boolean; message: string }

export async function verifyJwt(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secretKey, { algorithms: ['HS256'] })
    return { ok: true, claims: payload as Claims }
  } catch (error) {
    const code = (error as { code?: string }).code
    return {
      ok: false,
      expired: code === 'ERR_JWT_EXPIRED',
      message: code === 'ERR_JWT_EXPIRED' ? 'JWT expired' : 'JWT is invalid or its signature does not verify',
    }
  }
}
