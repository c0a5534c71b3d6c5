import type { AppServices } from '#app/models/services.ts'

// A live update must never fail the change that caused it: it is logged and dropped.
export async function broadcastTo(
	{ broadcast, logger }: Pick<AppServices, 'broadcast' | 'logger'>,
	stream: string,
	message: unknown,
): Promise<void> {
	await broadcast(stream, message).catch((error: unknown) =>
		logger.error({ err: error, stream }, 'live update not sent'),
	)
}
