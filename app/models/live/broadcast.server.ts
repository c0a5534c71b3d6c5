import type { AppServices } from '#app/models/services.ts'
import { CABLE_REVOKE_STREAM } from '#app/utils/cable.ts'

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

// A customer's open sockets stop listening now (server/cable/server.ts): they signed out, left the
// company, or the account went. Their pages reconnect and are asked again who they are.
export const withdrawLive = (
	services: Pick<AppServices, 'broadcast' | 'logger'>,
	whose: { customerId: number } | { sessionId: string },
) => broadcastTo(services, CABLE_REVOKE_STREAM, whose)
