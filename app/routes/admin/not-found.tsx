import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { requireStaff } from '#app/http/access.server.ts'

// Unknown addresses under /admin: staff get the admin's own 404, anonymous visitors the login.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	throw data({ error: 'Not found' }, { status: 404 })
}

export function action({ request, context }: Route.ActionArgs) {
	requireStaff(request, context)
	throw data({ error: 'Not found' }, { status: 404 })
}

export default function AdminNotFound() {
	return null
}
