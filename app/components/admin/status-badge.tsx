import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'

// A request's status, coloured by how far it got.
const BADGE: Record<string, string> = {
	new: 'bg-amber-100 text-amber-900',
	quoted: 'bg-sky-100 text-sky-900',
	won: 'bg-emerald-100 text-emerald-900',
	lost: 'bg-slate-200 text-slate-800',
}

export function StatusBadge({ status }: { status: string }) {
	const { t } = useAdminI18n()
	return (
		<span className={`rounded px-2 py-0.5 text-xs font-semibold ${BADGE[status] ?? ''}`}>
			{t(`requests.status.${status}`)}
		</span>
	)
}
