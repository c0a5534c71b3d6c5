import { createContext, type RouterContextProvider } from 'react-router'
import type { Database } from '#database/client.ts'
import type { Logger } from '#server/logger.ts'

export type AppServices = { db: Database; logger: Logger; secretKey: string; secureCookies: boolean }
export type RequestInfo = { csrfToken: string; nonce: string }

// Set once per request by server/app.ts; route modules never open connections themselves.
export const servicesContext = createContext<AppServices>()
export const requestInfoContext = createContext<RequestInfo>()

export function getDb(context: Readonly<RouterContextProvider>): Database {
	return context.get(servicesContext).db
}
