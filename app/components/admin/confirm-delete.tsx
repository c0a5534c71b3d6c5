import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useFetcher } from 'react-router'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'

type Usage = { resource: string; id: number; label: string }
type Refusal = { errors?: Record<string, string>; usages?: Usage[] }
type ConfirmDeleteProps = { action: string; name: string; fields?: Record<string, string> }

// Deleting always asks first; the dialog names what goes. A refusal says why, and where the
// thing is still used when that is the reason.
export function ConfirmDelete({ action, name, fields }: ConfirmDeleteProps) {
	const { t } = useAdminI18n()
	const fetcher = useFetcher<Refusal>()
	const isDeleting = fetcher.state !== 'idle'
	const refusal = fetcher.data?.errors?._form
	const usages = fetcher.data?.usages ?? []
	return (
		<AlertDialog.Root>
			{refusal && (
				<div role="alert" className="text-sm font-medium text-red-700">
					<p>{t(refusal)}</p>
					{usages.length > 0 && (
						<ul className="mt-1 list-disc pl-5">
							{usages.map((usage) => (
								<li key={`${usage.resource}-${usage.id}`}>
									<a href={`/admin/${usage.resource}/${usage.id}`} className="underline">
										{usage.label}
									</a>
								</li>
							))}
						</ul>
					)}
				</div>
			)}
			<AlertDialog.Trigger asChild>
				<Button
					variant="bare"
					type="button"
					disabled={isDeleting}
					className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus:ring-2 focus:ring-red-600 focus:outline-none"
				>
					{t('actions.delete')}
					<span className="sr-only"> {name}</span>
				</Button>
			</AlertDialog.Trigger>
			<AlertDialog.Portal>
				<AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
				<AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
					<AlertDialog.Title className="mb-2 text-lg font-bold">{t('confirm.title')}</AlertDialog.Title>
					<AlertDialog.Description className="mb-6 text-slate-700">
						{t('confirm.text', { name })}
					</AlertDialog.Description>
					<div className="flex justify-end gap-3">
						<AlertDialog.Cancel className={buttonClass('secondary')}>{t('actions.cancel')}</AlertDialog.Cancel>
						<AlertDialog.Action
							onClick={() =>
								fetcher.submit(fields ?? null, fields ? { method: 'post', action } : { method: 'delete', action })
							}
							className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
						>
							{t('actions.confirmDelete')}
						</AlertDialog.Action>
					</div>
				</AlertDialog.Content>
			</AlertDialog.Portal>
		</AlertDialog.Root>
	)
}
