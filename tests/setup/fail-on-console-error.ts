import { afterEach, vi } from 'vitest'

// An unexpected console.error is a bug the test did not look for.
const spy = vi.spyOn(console, 'error')
afterEach(() => {
	const calls = spy.mock.calls.slice()
	spy.mockClear()
	if (calls.length) throw new Error(`console.error was called:\n${calls.map((call) => call.join(' ')).join('\n')}`)
})
