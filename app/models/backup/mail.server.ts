import type { MailMessage } from '#server/mailer.ts'

// To the agency's address when a backup failed or did not verify: in Danish, with English below.
export function failureMail(to: string, name: string, problem: string): MailMessage {
	return {
		to,
		subject: `Backup fejlede / Backup failed: ${name}`,
		text: [
			`Sikkerhedskopien ${name} fejlede eller kunne ikke genskabes ved kontrollen.`,
			`Årsag: ${problem}`,
			'Se Admin → Backups. De tidligere sikkerhedskopier er urørte.',
			'',
			`The backup ${name} failed or could not be restored when it was checked.`,
			`Reason: ${problem}`,
			'See Admin → Backups. The earlier backups are untouched.',
		].join('\n'),
	}
}
