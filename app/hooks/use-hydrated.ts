import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

// False in the server HTML and during hydration, true afterwards: widgets that need script
// start as plain HTML controls that work without it.
export function useHydrated(): boolean {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false,
	)
}
