import { data } from 'react-router'
import { NotFound } from '#app/components/public/page.tsx'

export function loader() {
	return data(null, { status: 404 })
}

export default function NotFoundPage() {
	return <NotFound />
}
