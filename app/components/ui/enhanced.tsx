import { Suspense } from 'react'
import { useHydrated } from '#app/hooks/use-hydrated.ts'

// A widget loaded lazily once the page is hydrated; until then (and while it loads, and without
// script) the plain control stands in its place and works as it is.
export function Enhanced({ plain, children }: { plain: React.ReactNode; children: React.ReactNode }) {
	const isHydrated = useHydrated()
	return isHydrated ? <Suspense fallback={plain}>{children}</Suspense> : plain
}
