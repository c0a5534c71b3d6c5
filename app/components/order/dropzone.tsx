import { useRef, useState } from 'react'
import { useDropzone, type FileRejection } from 'react-dropzone'
import type { DocumentView } from '#app/models/documents/present.ts'
import type { LiveStream } from '#app/utils/cable.ts'
import { formatFileSize } from '#app/utils/format.ts'
import { ACCEPTED_EXTENSIONS } from '#app/models/documents/present.ts'
import { uploadFile, type UploadError } from '#app/utils/upload.client.ts'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { DocumentFigures } from '#app/components/order/document-figures.tsx'
import { RemoveDocument } from '#app/components/order/remove-document.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'

const MIB = 1024 * 1024
const MAX_FILES = 20
const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png'])

type Status = 'added' | 'queued' | 'uploading' | 'success' | 'error'
type Item = {
	key: number
	file: File
	status: Status
	progress: number
	thumbnail?: string
	error?: string
	uploaded?: { document: DocumentView; stream: LiveStream }
	controller?: AbortController
}
type Uploaded = { document: DocumentView; stream: LiveStream }

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase()

type Props = {
	action: string
	limitMib: number
	initial: Uploaded[]
	onDocument: (document: DocumentView) => void
	onRemoved: (id: string) => void
}

// The upload queue: changed only by events (drop, progress, answer, cancel); each change is then shown.
function useUploadQueue({ action, limitMib, initial, onDocument, onRemoved }: Props) {
	const { t } = useI18n()
	const [items, setItems] = useState<Item[]>(() =>
		initial.map((uploaded, key) => ({
			key: -key - 1,
			file: new File([], uploaded.document.name),
			status: 'success',
			progress: 1,
			uploaded,
		})),
	)
	const store = useRef(items)
	const [notice, setNotice] = useState<string | null>(null)
	const nextKey = useRef(1)
	const commit = (next: Item[]) => {
		store.current = next
		setItems(next)
	}
	const update = (key: number, change: Partial<Item>) =>
		commit(store.current.map((item) => (item.key === key ? { ...item, ...change } : item)))

	// One upload at a time: when none is running, the first queued file starts.
	function pump() {
		if (store.current.some((item) => item.status === 'uploading')) return
		const next = store.current.find((item) => item.status === 'queued')
		if (!next) return
		const controller = new AbortController()
		update(next.key, { status: 'uploading', controller })
		uploadFile<Uploaded>(action, next.file, (progress) => update(next.key, { progress }), controller.signal)
			.then((uploaded) => {
				update(next.key, { status: 'success', progress: 1, uploaded, controller: undefined })
				onDocument(uploaded.document)
			})
			.catch((error: UploadError) => {
				console.error('Upload failed:', error.message)
				if (error.kind === 'canceled')
					return update(next.key, { status: 'error', error: t('upload.canceled'), controller: undefined })
				const message =
					error.kind === 'refused'
						? error.message
						: error.kind === 'json'
							? t('upload.invalidJson')
							: t('upload.serverError', { statusCode: error.statusCode })
				// The spec: in drag-and-drop mode the file goes; the customer is told why.
				commit(store.current.filter((item) => item.key !== next.key))
				setNotice(`${next.file.name}: ${message}`)
			})
			.finally(pump)
	}

	function accept(files: File[], rejections: FileRejection[]) {
		const room = MAX_FILES - store.current.filter((item) => item.status !== 'error').length
		const messages = rejections.map(({ file, errors }) => `${file.name}: ${reasonFor(file, errors[0]?.code)}`)
		const accepted = files.slice(0, Math.max(0, room))
		for (const file of files.slice(accepted.length)) messages.push(`${file.name}: ${t('upload.tooMany')}`)
		setNotice(messages.length ? messages.join(' ') : null)
		const added = accepted.map((file) => ({
			key: nextKey.current++,
			file,
			status: 'added' as Status,
			progress: 0,
			thumbnail: THUMBNAIL_TYPES.has(file.type) ? URL.createObjectURL(file) : undefined,
		}))
		commit([...store.current, ...added])
		// Added, then queued: the queue takes them in order.
		commit(store.current.map((item) => (item.status === 'added' ? { ...item, status: 'queued' } : item)))
		pump()
	}

	function reasonFor(file: File, code?: string) {
		if (code === 'file-too-large')
			return t('upload.tooBig', { filesize: Math.round((file.size / MIB) * 100) / 100, maxFilesize: limitMib })
		if (code === 'too-many-files') return t('upload.tooMany')
		return t('upload.wrongType')
	}

	function cancel(item: Item) {
		if (item.status === 'uploading') return item.controller?.abort()
		update(item.key, { status: 'error', error: t('upload.canceled') })
	}

	// A file taken out of the order goes from the list (and from the quote, by onRemoved).
	function removed(id: string) {
		commit(store.current.filter((item) => item.uploaded?.document.id !== id))
		onRemoved(id)
	}

	return { items, notice, accept, cancel, removed }
}

// The spec's upload area: drop files or click to choose. Files go up one at a time, each its own
// POST to the form's action; each shows its size, type, progress and status (added → queued →
// uploading → success or error) and can be canceled until it is up. Without script it is a plain
// form that posts one file and comes back to this page.
export function Dropzone(props: Props) {
	const { action, limitMib, onDocument } = props
	const { t } = useI18n()
	const { items, notice, accept, cancel, removed } = useUploadQueue(props)
	const { getRootProps, getInputProps, isDragActive } = useDropzone({
		onDrop: accept,
		maxSize: limitMib * MIB,
		validator: (file) =>
			(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
				? null
				: { code: 'file-invalid-type', message: t('upload.wrongType') },
	})

	return (
		<div data-controller="dropzone">
			<form method="post" encType="multipart/form-data" action={action} className="space-y-3">
				<AuthenticityTokenInput />
				<div
					{...getRootProps({
						className: `flex min-h-40 cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed p-8 text-center ${isDragActive ? 'border-teal-700 bg-teal-50' : 'border-slate-400 bg-white'}`,
					})}
				>
					<Input variant="bare" {...getInputProps({ name: 'file', 'aria-label': t('upload.choose') })} />
					<Text as="p" k="upload.drop" className="text-lg font-semibold text-slate-900" />
					<Text as="p" k="order.fileKinds" className="mt-1 text-slate-700" />
					<Text
						as="p"
						k="order.fileTypes"
						vars={{ types: ACCEPTED_EXTENSIONS.join(', ') }}
						className="mt-1 max-w-2xl text-xs text-slate-600"
					/>
					<Text as="p" k="order.sizeLimit" vars={{ size: limitMib }} className="mt-1 text-sm text-slate-600" />
				</div>
				<noscript>
					<Button type="submit">{t('upload.send')}</Button>
				</noscript>
			</form>
			<div role="alert" className="min-h-6 text-sm text-red-700">
				{notice}
			</div>
			{items.length > 0 && (
				<ul
					aria-label={t('upload.files')}
					className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200"
				>
					{items.map((item) => (
						<UploadRow key={item.key} item={item} onCancel={cancel} onDocument={onDocument} onRemoved={removed} />
					))}
				</ul>
			)}
		</div>
	)
}

type RowProps = {
	item: Item
	onCancel: (item: Item) => void
	onDocument: (document: DocumentView) => void
	onRemoved: (id: string) => void
}

// One file in the queue: its thumbnail, size, type, status and progress, its count once up.
function UploadRow({ item, onCancel, onDocument, onRemoved }: RowProps) {
	const { locale, t } = useI18n()
	return (
		<li data-status={item.status} className="flex flex-wrap items-center gap-3 p-3">
			{item.thumbnail && (
				<img src={item.thumbnail} alt="" width={120} height={120} className="size-[120px] rounded object-cover" />
			)}
			<div className="min-w-0 flex-1">
				<p className="font-medium wrap-anywhere">{item.uploaded?.document.name ?? item.file.name}</p>
				<p className="text-sm text-slate-600">
					{formatFileSize(item.uploaded?.document.size ?? item.file.size, locale)} ·{' '}
					{(item.uploaded?.document.type ?? extensionOf(item.file.name)).toUpperCase()} ·{' '}
					{t(`upload.status.${item.status}`)}
				</p>
				{item.status === 'uploading' && (
					<progress
						max={1}
						value={item.progress}
						aria-label={t('upload.progress', { name: item.file.name })}
						className="w-full"
					/>
				)}
				{item.error && <p className="text-sm text-red-700">{item.error}</p>}
			</div>
			{item.uploaded && (
				<DocumentFigures document={item.uploaded.document} stream={item.uploaded.stream} onChange={onDocument} />
			)}
			{item.uploaded && (
				<RemoveDocument id={item.uploaded.document.id} name={item.uploaded.document.name} onRemoved={onRemoved} />
			)}
			{(item.status === 'added' || item.status === 'queued' || item.status === 'uploading') && (
				<Button variant="secondarySmall" type="button" onClick={() => onCancel(item)} className="text-sm">
					{t('upload.cancel')}
					<span className="sr-only"> {item.file.name}</span>
				</Button>
			)}
		</li>
	)
}
