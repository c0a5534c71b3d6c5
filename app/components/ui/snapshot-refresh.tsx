import { useEffect, useRef } from 'react'
import { useNavigation, useRevalidator } from 'react-router'

// After back/forward showed a cached snapshot, fetch the page again so it is never stale for long.
export function SnapshotRefresh() {
	const { revalidate } = useRevalidator()
	const isIdle = useNavigation().state === 'idle'
	const isPending = useRef(false)
	useEffect(() => {
		const onServed = () => (isPending.current = true)
		window.addEventListener(SNAPSHOT_SERVED_EVENT, onServed)
		return () => window.removeEventListener(SNAPSHOT_SERVED_EVENT, onServed)
	}, [])
	useEffect(() => {
		if (!isIdle || !isPending.current) return
		isPending.current = false
		void revalidate()
	}, [isIdle, revalidate])
	return null
}

// Sent by the navigation layer (router-fetch.client.ts) when it answers from a kept page.
export const SNAPSHOT_SERVED_EVENT = 'tolk:snapshot-served'
