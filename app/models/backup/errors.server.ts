// What can be wrong with a backup or its target, each with a message that says what to do.
export type BackupProblem =
	'damaged' | 'passphrase' | 'newer' | 'not-empty' | 'not-a-backup' | 'engine' | 'tool' | 'busy' | 'timeout'

export class BackupError extends Error {
	readonly problem: BackupProblem
	constructor(problem: BackupProblem, message: string) {
		super(message)
		this.problem = problem
		this.name = 'BackupError'
	}
}
