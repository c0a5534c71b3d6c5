import { createHash, randomBytes } from 'node:crypto'

// The random tokens a cookie or a mailed link carries (32 bytes, base64url: 43 characters), and the
// SHA-256 the database keeps instead, so a leaked table opens nothing.
export const newSecretToken = () => randomBytes(32).toString('base64url')
export const digestOf = (token: string) => createHash('sha256').update(token).digest('hex')
export const isSecretToken = (value: string) => /^[\w-]{43}$/.test(value)
