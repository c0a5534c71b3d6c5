import type { RouterContextProvider } from 'react-router'
import { servicesContext } from '#app/utils/context.server.ts'
import { CABLE_CHANNEL, type LiveStream } from '#app/utils/cable.ts'
import { signStreamName } from './signed-stream.server.ts'

type Context = Readonly<RouterContextProvider>

// What a page needs to listen to a stream: rendered into data-channel and data-signed-stream-name.
export function liveStream(context: Context, stream: string): LiveStream {
	return { channel: CABLE_CHANNEL, signedStreamName: signStreamName(stream, context.get(servicesContext).secretKey) }
}

// A live update must never fail the change that caused it: it is logged and dropped.
export async function broadcastTo(context: Context, stream: string, message: unknown): Promise<void> {
	const { broadcast, logger } = context.get(servicesContext)
	await broadcast(stream, message).catch((error: unknown) => logger.error({ err: error, stream }, 'live update not sent'))
}
