// `npm run admin:create -- --email a@b.dk --name "A B" [--role manager|editor|translator]` and
// `npm run admin:password -- --email a@b.dk`. The password is read from ADMIN_PASSWORD or asked
// for without echo, never taken from the command line where `ps` and shell history would keep it.
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { prepareDatabase } from '#database/prepare.ts'
import { changePassword, createStaff, findStaffByEmail } from '#app/models/staff/account.server.ts'
import { MIN_PASSWORD_LENGTH } from '#app/models/staff/password.server.ts'
import { parseEnv } from '#server/env.ts'
import { STAFF_ROLES } from '#app/models/staff/roles.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp(
	'npm run admin:create -- --email a@b.dk --name "A B" [--role manager|editor|translator] | npm run admin:password -- --email a@b.dk',
)

const [command] = process.argv.slice(2)
const { values } = parseArgs({
	args: process.argv.slice(3),
	options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'admin' } },
})

const ArgsSchema = z.object({
	email: z.email('--email must be an email address'),
	name: z.string().min(1).optional(),
	role: z.enum(STAFF_ROLES, '--role must be admin, manager, editor or translator'),
})

async function askPassword(): Promise<string> {
	if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD
	const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY })
	const output = process.stdout.write.bind(process.stdout)
	let muted = false
	process.stdout.write = ((chunk: string) => (muted ? true : output(chunk))) as typeof process.stdout.write
	const question = prompt.question('Password: ')
	muted = process.stdin.isTTY
	const password = await question
	muted = false
	output('\n')
	prompt.close()
	return password
}

async function main() {
	if (command !== 'create' && command !== 'password')
		throw new Error(
			'usage: admin-account.ts create|password --email <email> [--name <name>] [--role admin|manager|editor|translator]',
		)
	const args = ArgsSchema.parse(values)
	const password = await askPassword()
	if (password.length < MIN_PASSWORD_LENGTH)
		throw new Error(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`)
	const env = parseEnv()
	const database = await prepareDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
	try {
		const existing = await findStaffByEmail(database.db, args.email)
		if (command === 'create') {
			if (existing) throw new Error(`${args.email} already has an account: use npm run admin:password`)
			await createStaff(database.db, {
				email: args.email,
				name: args.name ?? args.email.split('@')[0]!,
				role: args.role,
				password,
			})
			console.log(`created ${args.role} ${args.email}`)
		} else {
			if (!existing) throw new Error(`no account for ${args.email}: use npm run admin:create`)
			await changePassword(database.db, existing.id, password)
			console.log(`changed the password of ${args.email} and signed it out everywhere`)
		}
	} finally {
		await database.close()
	}
}

main().catch((error: unknown) => {
	console.error(
		error instanceof z.ZodError ? error.issues.map((issue) => issue.message).join('\n') : (error as Error).message,
	)
	process.exit(1)
})
