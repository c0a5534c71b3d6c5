// The simulation's clock, loaded with `--import` into the server processes it starts (and so into
// their worker threads and the word-count processes, which inherit the flag): Date reads
// SIMULATED_CLOCK ("<simulated ms>@<real ms>") and runs from that moment at the real pace. Never
// part of the server: a site run any other way keeps the machine's clock, and no request moves it.
// On PostgreSQL the database's own now() (a column's default) stays the real one.
const spec = process.env.SIMULATED_CLOCK
const match = spec ? /^(\d+)@(\d+)$/.exec(spec) : null
if (match) {
	const offset = Number(match[1]) - Number(match[2])
	const RealDate = Date
	const realNow = RealDate.now.bind(RealDate)
	const now = () => realNow() + offset
	globalThis.Date = new Proxy(RealDate, {
		construct(target, args: unknown[], newTarget) {
			return Reflect.construct(target, args.length ? args : [now()], newTarget) as object
		},
		apply() {
			return new RealDate(now()).toString()
		},
		get(target, property, receiver) {
			if (property === 'now') return now
			return Reflect.get(target, property, receiver) as unknown
		},
	})
}
