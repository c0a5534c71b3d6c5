import { createHmac } from 'node:crypto'

// A visitor's address as kept for a limit (failed logins, requests, uploads): keyed with the secret
// and the purpose, so a table alone does not say who it was, nor match one purpose's rows with
// another's.
export const addressKey = (
	purpose: 'login' | 'request' | 'upload' | 'download' | 'account',
	address: string,
	secretKey: string,
) => createHmac('sha256', secretKey).update(`${purpose}:${address}`).digest('hex')
