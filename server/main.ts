// Production entry: `npm start`. One server process, or with WEB_CONCURRENCY on PostgreSQL that
// many sharing the port under a primary that prepares the database first (server/cluster.ts).
import '#server/production.ts'
import cluster from 'node:cluster'
import { parseEnv } from '#server/env.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm start')

const env = parseEnv()
if (cluster.isPrimary && env.WEB_CONCURRENCY > 1 && env.DATABASE_URL) {
	const { runCluster } = await import('#server/cluster.ts')
	await runCluster(env)
} else await import('#server/serve.ts')
