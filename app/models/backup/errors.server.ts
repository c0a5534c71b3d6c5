// What can be wrong with a backup or its target, each with a message that says what to do.
export type BackupProblem =
	| 'damaged'
	| 'passphrase'
	| 'newer'
	| 'not-empty'
	| 'not-a-backup'
	| 'engine'
	| 'tool'
	| 'busy'
	| 'timeout'
	| 'unauthenticated'

export class BackupError extends Error {
	readonly problem: BackupProblem
	constructor(problem: BackupProblem, message: string) {
		super(message)
		this.problem = problem
		this.name = 'BackupError'
	}
}

// The kind of a failed or unverified backup, for its explanation in the reader's language
// (`backups.problems.<kind>`): the BackupError's own, the disk's common refusals, or plain failure.
export function problemKindOf(error: unknown): string {
	if (error instanceof BackupError) return error.problem
	// A stream or a child process passes the disk's refusal on in its message or as its cause.
	const found = (error as (NodeJS.ErrnoException & { cause?: unknown }) | null) ?? null
	const code = found?.code ?? ''
	const words = `${code} ${found?.message ?? ''}`
	if (/ENOSPC|no space left/i.test(words)) return 'disk-full'
	if (/EACCES|EPERM|EROFS|permission denied|read-only file system/i.test(words)) return 'no-access'
	if (found?.cause && found.cause !== error) return problemKindOf(found.cause)
	return 'failed'
}
