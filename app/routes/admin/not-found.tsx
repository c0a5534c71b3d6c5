import type { Route } from './+types/not-found'
import { requireStaff } from '#app/http/access.server.ts'
import { notFound } from '#app/http/responses.server.ts'

// Unknown addresses under /admin: staff get the admin's own 404, anonymous visitors the login.
export function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	throw notFound()
}

export function action({ request, context }: Route.ActionArgs) {
	requireStaff(request, context)
	throw notFound()
}

export default function AdminNotFound() {
	return null
}
