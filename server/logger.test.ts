import { expect, test } from 'vitest'
import { loggablePath } from '#server/logger.ts'

test.each([
	['/konto/link/abc?x=1', '/konto/link/[token]'],
	['/en/account/link/abc', '/en/account/link/[token]'],
	['/admin/invitation/abc', '/admin/invitation/[token]'],
	['/ordre/abcdef', '/ordre/[token]'],
	['/en/orders/abcdef', '/en/orders/[token]'],
	['/orders/abcdef/files/1', '/orders/[token]/files/1'],
	['/orders/abcdef/files.zip', '/orders/[token]/files.zip'],
	['/admin/orders/12', '/admin/orders/12'],
	['/en/prices?q=1', '/en/prices'],
])('%s is logged as %s', (url, logged) => {
	expect(loggablePath(url)).toBe(logged)
})
