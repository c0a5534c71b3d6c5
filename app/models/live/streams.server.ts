import type { AppServices } from '#app/models/services.ts'
import { CABLE_CHANNEL, type LiveStream } from '#app/utils/cable.ts'
import { signStreamName } from '#app/models/live/signed-stream.server.ts'

// What a page needs to listen to a stream: rendered into data-channel and data-signed-stream-name.
export function liveStream({ secretKey }: Pick<AppServices, 'secretKey'>, stream: string): LiveStream {
	return { channel: CABLE_CHANNEL, signedStreamName: signStreamName(stream, secretKey) }
}

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
