import type { Database } from '#database/client.ts'
import type { AppServices } from '#app/http/context.server.ts'
import { createLogger } from '#server/logger.ts'
import { onDisk } from '#app/models/files/store.server.ts'

// The services a route sees, for tests that call loaders and actions without a server: nothing
// is sent, stored or broadcast unless a test hands in its own.
export function testServices(overrides: Partial<AppServices> & { db: Database }): AppServices {
	return {
		logger: createLogger({ LOG_LEVEL: 'silent' }),
		secretKey: 'x'.repeat(40),
		secureCookies: false,
		uploadsDir: '',
		documentsDir: '',
		mediaDir: '',
		files: onDisk,
		broadcast: async () => {},
		enqueueAnalysis: () => {},
		sendMail: () => {},
		publicUrl: 'http://localhost',
		uploadQuota: { filesPerHour: 200, bytesPerHour: 2 ** 31, filesPerOrder: 100, bytesPerOrder: 2 ** 31 },
		...overrides,
	}
}
