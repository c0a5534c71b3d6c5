import { expectStatus, type Person } from '#tests/simulation/http.ts'
import type { MorningPlan } from '#tests/simulation/plan.ts'
import { expectOk } from '#tests/simulation/staff.ts'
import type { World } from '#tests/simulation/world.ts'

type Translator = { id: number; person: Person }

// A translator's working day: offers answered (most taken, some declined, some left to expire),
// yesterday's jobs started (the sources downloaded), translated and handed in, one file per
// document, or fewer now and then; returned jobs handed in again; one job in ten runs a day late.
export async function translatorsDay(world: World, plan: MorningPlan, translators: Translator[], everyOffer = false) {
	const { random, counts } = world
	for (const me of translators) {
		// The offers, as the translator's own page lists them (those of this morning too).
		const offers = [...(await me.person.page('/work')).html.matchAll(/data-offer-item="(\d+)"/g)].map((m) =>
			Number(m[1]),
		)
		for (const jobId of offers) {
			const answer = random.next()
			if (answer < 0.7 || (everyOffer && answer < 0.85)) {
				const taken = await answerOffer(me, jobId, { intent: 'accept' }, () => counts.jobsAccepted++)
				// A short job is done the same day.
				if (taken && random.chance(0.5)) await handIn(world, me, await takenJob(me, jobId), false)
			} else if (answer < 0.85 || everyOffer)
				await answerOffer(
					me,
					jobId,
					{ intent: 'decline', reason: 'Jeg har ikke tid i denne uge.' },
					() => counts.jobsDeclined++,
				)
		}
		for (const order of plan.orders)
			for (const job of order.jobs) {
				if (job.translatorId !== me.id || random.chance(0.1)) continue
				if (job.status === 'accepted' || job.status === 'in_progress') await handIn(world, me, job, false)
				else if (job.status === 'returned') await handIn(world, me, job, true)
			}
	}
}

type PlannedJob = { id: number; documentIds: string[] }

// A job just taken, started at once: its sources are the links on its page.
async function takenJob(me: Translator, jobId: number): Promise<PlannedJob> {
	const page = await me.person.page(`/work/jobs/${jobId}`)
	const sources = [...page.html.matchAll(new RegExp(`/work/jobs/${jobId}/sources/([0-9a-f-]{36})`, 'g'))]
	return { id: jobId, documentIds: [...new Set(sources.map((match) => match[1]!))] }
}

async function handIn(world: World, me: Translator, job: PlannedJob, again: boolean) {
	await me.person.page(`/work/jobs/${job.id}`)
	for (const documentId of job.documentIds) {
		const source = await me.person.text(`/work/jobs/${job.id}/sources/${documentId}`)
		expectStatus(`the source of job ${job.id}`, source, 200)
	}
	// Again after a return, only the document that needed it; now and then one file for two documents.
	const files = again ? 1 : Math.max(1, job.documentIds.length - (world.random.chance(0.15) ? 1 : 0))
	for (let index = 0; index < files; index++) {
		const form = new FormData()
		const text = `Oversættelse ${index + 1} af job ${job.id}${again ? ', rettet' : ''}.`
		form.append('file', new Blob([text]), `job-${job.id}-${index + 1}${again ? '-v2' : ''}.txt`)
		const uploaded = await me.person.upload(`/work/jobs/${job.id}/files`, form, false)
		expectStatus(`handing a file in for job ${job.id}`, uploaded, 302)
	}
	await expectOk(`job ${job.id} done`, me.person.post(`/work/jobs/${job.id}`, { intent: 'done', note: '' }), me.person)
	world.counts.handedIn++
}

// An offer answered from the offers page; one another translator took first says so, and is left.
async function answerOffer(me: Translator, jobId: number, fields: Record<string, string>, counted: () => void) {
	const posted = me.person.post('/work', { ...fields, jobId: String(jobId) })
	try {
		await expectOk(`${fields.intent} job ${jobId}`, posted, me.person)
		counted()
		return true
	} catch (error) {
		if (!/ikke længere|no longer|tog jobbet først|took the job first/i.test((error as Error).message)) throw error
		return false
	}
}
