import type { DatabaseHandle } from '#database/client.ts'

const RUN_LOCK = 727_002

// Holding the run lock, this process is the only one backing up: on PostgreSQL a session lock on a
// connection of its own (a killed process's lock goes with its connection), on the embedded
// database (one process) this process's own flag. `take` answers null while it is held.
export function createRunLock(database: DatabaseHandle) {
	// Set from the moment a backup (or the tidying at the start) is being decided on in this process.
	let locked = false
	const unlocked = async () => {
		locked = false
	}

	async function take(): Promise<(() => Promise<void>) | null> {
		if (locked) return null
		locked = true
		if (database.kind !== 'postgres') return unlocked
		const client = await database.pool.connect().catch((error: unknown) => {
			locked = false
			throw error
		})
		const { rows } = await client
			.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [RUN_LOCK])
			.catch(async (error: unknown) => {
				// A connection lost on the way: dropped, and the next attempt starts afresh.
				client.release(error as Error)
				await unlocked()
				throw error
			})
		if (!rows[0]!.held) {
			client.release()
			await unlocked()
			return null
		}
		return async () => {
			// A connection that went meanwhile took the lock with it; it is not handed out again.
			const failed = await client.query('select pg_advisory_unlock($1)', [RUN_LOCK]).then(
				() => undefined,
				(error: Error) => error,
			)
			client.release(failed)
			await unlocked()
		}
	}

	return { take }
}
