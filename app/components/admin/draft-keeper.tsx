import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react'
import { useBlocker, type Blocker } from 'react-router'
import { formatDateTime } from '#app/utils/format.ts'
import { CSRF_FIELD, requestJson, scriptedHeaders } from '#app/utils/request-headers.ts'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'

export const AUTOSAVE_INTERVAL_MS = 10_000

type Props = {
	form: RefObject<HTMLFormElement | null>
	// The form's own address: the key its draft is kept under.
	path: string
	autosave: boolean
	draft: { savedAt: string } | null
	onRestore: () => void
}

// What a form would post, less the token, passwords and files.
function entriesOf(form: HTMLFormElement): [string, string][] {
	return [...new FormData(form)].flatMap(([name, value]) =>
		typeof value === 'string' && name !== CSRF_FIELD && !/password/i.test(name)
			? [[name, value] as [string, string]]
			: [],
	)
}

// Nothing typed is lost on the way out: leaving with unsaved changes asks first (a link in the
// admin or closing the tab alike). With the autosave setting on, the form is also kept as a draft
// every 10 s (and once more when the page is hidden), and a draft found on arrival can be
// restored or discarded.
export function DraftKeeper({ form, path, autosave, draft, onRestore }: Props) {
	const { locale, t } = useAdminI18n()
	// Changed since the last save of the form, and since the last draft.
	const [isDirty, setIsDirty] = useState(false)
	const unsavedSinceDraft = useRef(false)
	const [offered, setOffered] = useState(draft)

	const status = useAutosave({ form, path, autosave, unsavedRef: unsavedSinceDraft })

	useEffect(() => {
		const element = form.current
		if (!element) return
		const changed = () => {
			setIsDirty(true)
			unsavedSinceDraft.current = true
		}
		// The form itself is being saved (its draft goes then): no draft may arrive after it.
		const submitted = () => void (unsavedSinceDraft.current = false)
		element.addEventListener('input', changed)
		element.addEventListener('change', changed)
		element.addEventListener('submit', submitted)
		return () => {
			element.removeEventListener('input', changed)
			element.removeEventListener('change', changed)
			element.removeEventListener('submit', submitted)
		}
	}, [form])

	// Closing the tab or going to another site: the browser's own question.
	useEffect(() => {
		if (!isDirty) return
		const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
		window.addEventListener('beforeunload', beforeUnload)
		return () => window.removeEventListener('beforeunload', beforeUnload)
	}, [isDirty])

	// Within the admin: our own question, before the page changes. Saving posts to the form's own
	// address, and the redirect after it is no new navigation, so saving is never asked about.
	const blocker = useBlocker(
		({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
	)

	async function discard() {
		setOffered(null)
		await requestJson('/admin/drafts', { method: 'DELETE', body: { path } }).catch(() => undefined)
	}

	const time = (iso: string) => formatDateTime(new Date(iso), locale)

	return (
		<>
			{offered && (
				<DraftOffer
					time={time(offered.savedAt)}
					onRestore={() => {
						setOffered(null)
						setIsDirty(true)
						unsavedSinceDraft.current = false
						onRestore()
					}}
					onDiscard={() => void discard()}
				/>
			)}
			{autosave && (
				<p
					role="status"
					className={
						status ? `mb-3 text-sm ${status.kind === 'failed' ? 'text-red-700' : 'text-slate-600'}` : 'sr-only'
					}
				>
					{status?.kind === 'saved' && status.at
						? t('draft.saved', { time: time(status.at) })
						: status?.kind === 'failed'
							? t('draft.failed')
							: ''}
				</p>
			)}
			<LeaveDialog blocker={blocker} />
		</>
	)
}

// The question before leaving a changed form for another admin page.
function LeaveDialog({ blocker }: { blocker: Blocker }) {
	const { t } = useAdminI18n()
	return (
		<AlertDialog.Root
			open={blocker.state === 'blocked'}
			onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
		>
			<AlertDialog.Portal>
				<AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
				<AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
					<AlertDialog.Title className="mb-2 text-lg font-bold">{t('draft.leave')}</AlertDialog.Title>
					<AlertDialog.Description className="sr-only">{t('draft.leave')}</AlertDialog.Description>
					<div className="mt-4 flex justify-end gap-3">
						<AlertDialog.Cancel className={buttonClass()}>{t('draft.stay')}</AlertDialog.Cancel>
						<AlertDialog.Action
							onClick={() => blocker.state === 'blocked' && blocker.proceed()}
							className={buttonClass('secondary')}
						>
							{t('draft.leaveAnyway')}
						</AlertDialog.Action>
					</div>
				</AlertDialog.Content>
			</AlertDialog.Portal>
		</AlertDialog.Root>
	)
}

type OfferProps = { time: string; onRestore: () => void; onDiscard: () => void }

// A draft found on arrival: restore it into the form, or throw it away.
function DraftOffer({ time, onRestore, onDiscard }: OfferProps) {
	const { t } = useAdminI18n()
	return (
		<div
			role="region"
			aria-label={t('draft.found', { time })}
			className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
		>
			<p className="flex-1">{t('draft.found', { time })}</p>
			<Button variant="small" type="button" onClick={onRestore}>
				{t('draft.restore')}
			</Button>
			<Button variant="secondarySmall" type="button" onClick={onDiscard}>
				{t('draft.discard')}
			</Button>
		</div>
	)
}

type AutosaveInput = Pick<Props, 'form' | 'path' | 'autosave'> & { unsavedRef: RefObject<boolean> }

// Every 10 s, and once more as the page is hidden, the form's changes since the last draft are kept.
function useAutosave({ form, path, autosave, unsavedRef }: AutosaveInput) {
	const [status, setStatus] = useState<{ kind: 'saved' | 'failed'; at?: string } | null>(null)
	const saveDraft = useEffectEvent(async (keepalive = false) => {
		if (!form.current || !unsavedRef.current) return
		unsavedRef.current = false
		const body = { path, entries: entriesOf(form.current) }
		try {
			if (keepalive) {
				const headers = scriptedHeaders('PUT', { 'Content-Type': 'application/json' })
				await fetch('/admin/drafts', {
					method: 'PUT',
					headers,
					body: JSON.stringify(body),
					keepalive: true,
					credentials: 'same-origin',
				})
				return
			}
			const { savedAt } = await requestJson<{ savedAt: string }>('/admin/drafts', { method: 'PUT', body })
			setStatus({ kind: 'saved', at: savedAt })
		} catch {
			unsavedRef.current = true
			setStatus({ kind: 'failed' })
		}
	})

	useEffect(() => {
		if (!autosave) return
		const timer = setInterval(() => void saveDraft(), AUTOSAVE_INTERVAL_MS)
		const hidden = () => void (document.visibilityState === 'hidden' && saveDraft(true))
		document.addEventListener('visibilitychange', hidden)
		return () => {
			clearInterval(timer)
			document.removeEventListener('visibilitychange', hidden)
		}
	}, [autosave])

	return status
}
