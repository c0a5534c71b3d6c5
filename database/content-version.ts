// What this process knows of the content version (migration 0008): each change to what the public
// pages show moves it, and everything kept in memory because of that content (the page cache,
// remembered reads) is dropped. Heard from the database on this process's own connections, and
// with PostgreSQL from the other processes through the cable listener.
type Listener = () => void
type State = { generation: number; listeners: Set<Listener> }

// One per process: the server bundle (and Vite in development) carries its own copy of this
// module beside the one server/main.ts loads, and both must see the same changes.
const state: State = ((globalThis as { [key: symbol]: State })[Symbol.for('tolk.content-version')] ??= {
	generation: 0,
	listeners: new Set(),
})

// The same change may be heard more than once (on the connection that made it and on the cable
// listener, or on several idle connections): dropping twice costs one render more, never a stale page.
export function noteContentVersion(version: number): void {
	if (Number.isSafeInteger(version)) forgetContent()
}

// A change may have been missed (the fan-out was cut off): drop everything.
export function forgetContent(): void {
	state.generation++
	for (const listener of state.listeners) listener()
}

// Moves on every change; a read that began in one generation and ended in another may be stale.
export function contentGeneration(): number {
	return state.generation
}

export function onContentChange(listener: Listener): () => void {
	state.listeners.add(listener)
	return () => state.listeners.delete(listener)
}
