// What this process hears of the company registry's version (migration 0009): each statement that
// changes a company moves it. The in-memory company index listens, to stop answering from a
// registry that has moved on and to build itself again. Heard on this process's own connections,
// and with PostgreSQL from the other processes (an import runs as its own process) through the
// cable listener. Kept on globalThis for the same reason as content-version.ts.
type Listener = (version: number | null) => void
type State = { listeners: Set<Listener> }

const state: State = ((globalThis as { [key: symbol]: State })[Symbol.for('tolk.registry-version')] ??= {
	listeners: new Set(),
})

export function noteRegistryVersion(version: number): void {
	if (Number.isSafeInteger(version)) for (const listener of state.listeners) listener(version)
}

// The fan-out was cut off for a while: a change may have been missed.
export function registryMayHaveChanged(): void {
	for (const listener of state.listeners) listener(null)
}

export function onRegistryChange(listener: Listener): () => void {
	state.listeners.add(listener)
	return () => state.listeners.delete(listener)
}
