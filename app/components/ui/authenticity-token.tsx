import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'
import { CSRF_FIELD } from '#app/utils/request-headers.ts'

// Plain HTML forms prove their origin with this hidden field (before hydration too).
export function AuthenticityTokenInput() {
	const data = useRouteLoaderData<typeof rootLoader>('root')
	return <input type="hidden" name={CSRF_FIELD} value={data?.csrfToken ?? ''} />
}
