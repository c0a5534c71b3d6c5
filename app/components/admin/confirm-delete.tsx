import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useFetcher } from 'react-router'
import { useAdminI18n } from '../i18n.tsx'

// Deleting always asks first; the dialog names what goes.
export function ConfirmDelete({ action, name }: { action: string; name: string }) {
	const { t } = useAdminI18n()
	const fetcher = useFetcher<{ errors?: Record<string, string> }>()
	const isDeleting = fetcher.state !== 'idle'
	const refusal = fetcher.data?.errors?._form
	return (
		<AlertDialog.Root>
			{refusal && (
				<p role="alert" className="text-sm font-medium text-red-700">
					{t(refusal)}
				</p>
			)}
			<AlertDialog.Trigger asChild>
				<button type="button" disabled={isDeleting} className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus:outline-none focus:ring-2 focus:ring-red-600">
					{t('actions.delete')}
					<span className="sr-only"> {name}</span>
				</button>
			</AlertDialog.Trigger>
			<AlertDialog.Portal>
				<AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
				<AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
					<AlertDialog.Title className="mb-2 text-lg font-bold">{t('confirm.title')}</AlertDialog.Title>
					<AlertDialog.Description className="mb-6 text-slate-700">{t('confirm.text', { name })}</AlertDialog.Description>
					<div className="flex justify-end gap-3">
						<AlertDialog.Cancel className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-50">{t('actions.cancel')}</AlertDialog.Cancel>
						<AlertDialog.Action
							onClick={() => fetcher.submit(null, { method: 'delete', action })}
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
