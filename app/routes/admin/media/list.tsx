import { useEffect, useRef } from 'react'
import { data, Link, useFetcher, useLoaderData } from 'react-router'
import type { Route } from './+types/list'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { listMedia } from '#app/models/media/requests.server.ts'
import { jsonError, mediaKindOf, uploadMedia } from '#app/http/media.server.ts'
import { wantsJson } from '#app/utils/request-headers.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { formatFileSize } from '#app/utils/format.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'
import { CONTENT_FILE_EXTENSIONS, PHOTO_EXTENSIONS } from '#app/models/media/kinds.ts'
import type { ContentFileItem, MediaKind, PhotoItem } from '#app/models/media/kinds.ts'
import { Button } from '#app/components/ui/button.tsx'

// The editor's calls (Accept: application/json): the list for the picker and the upload. People
// get the library page below, on the same address.
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, context }, next) => {
		if (!wantsJson(request)) return next()
		const staff = requireStaff(request, context)
		const kind = mediaKindOf(request)
		if (request.method === 'GET')
			return Response.json(await listMedia(getDb(context), kind), { headers: { 'Cache-Control': 'no-store' } })
		if (request.method !== 'POST') return jsonError(request, 405, 'media.error.method')
		const result = await uploadMedia(request, context, staff, kind)
		return result.ok
			? Response.json(result.item, { status: 201 })
			: jsonError(request, result.status ?? 422, result.error, {}, result.vars)
	},
]

export async function loader({ request, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const kind = mediaKindOf(request)
	return { kind, items: await listMedia(getDb(context), kind) }
}

// The upload form. Renaming and deleting go to the item's own address (media-item.ts).
export async function action({ request, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const kind = mediaKindOf(request)
	const result = await uploadMedia(request, context, staff, kind)
	if (!result.ok)
		return data({ errors: { file: result.error }, vars: result.vars ?? {} }, { status: result.status ?? 422 })
	return redirectWithFlash(context, `/admin/${kind}`, {
		kind: 'success',
		key: 'media.flash.uploaded',
		vars: { name: result.item.title },
	})
}

const TITLES: Record<MediaKind, AdminMessageKey> = { photos: 'media.photos', content_files: 'media.files' }

export default function MediaLibrary() {
	const { kind, items } = useLoaderData<typeof loader>()
	const { t } = useAdminI18n()
	const other: MediaKind = kind === 'photos' ? 'content_files' : 'photos'
	return (
		<section>
			<title>{`${t(TITLES[kind])} · Tolk admin`}</title>
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-slate-900">{t(TITLES[kind])}</h1>
				<Link to={`/admin/${other}`} className="text-teal-800 underline">
					{t(TITLES[other])}
				</Link>
			</div>
			<UploadForm kind={kind} />
			{items.length === 0 ? (
				<p className="rounded-md border border-dashed border-slate-400 p-6 text-center text-slate-700">
					{t('media.empty')}
				</p>
			) : (
				<ul
					aria-label={t(TITLES[kind])}
					className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white"
				>
					{items.map((item) => (
						<MediaRow key={item.id} kind={kind} item={item} />
					))}
				</ul>
			)}
		</section>
	)
}

function UploadForm({ kind }: { kind: MediaKind }) {
	const { t } = useAdminI18n()
	const fetcher = useFetcher<{ errors?: Record<string, AdminMessageKey>; vars?: Record<string, string> }>()
	const form = useRef<HTMLFormElement>(null)
	const error = fetcher.data?.errors?.file
	const isUploading = fetcher.state !== 'idle'
	useEffect(() => {
		if (fetcher.state === 'idle' && !fetcher.data) form.current?.reset()
	}, [fetcher.state, fetcher.data])
	const extensions = kind === 'photos' ? PHOTO_EXTENSIONS : CONTENT_FILE_EXTENSIONS
	return (
		<fetcher.Form
			ref={form}
			method="post"
			encType="multipart/form-data"
			className="mb-6 grid gap-3 rounded-md border border-slate-300 bg-white p-4 md:grid-cols-[1fr_1fr_auto] md:items-end"
		>
			<AuthenticityTokenInput />
			<div>
				<label htmlFor="media-file" className="mb-1 block font-medium">
					{t(kind === 'photos' ? 'media.choosePhoto' : 'media.chooseFile')}
				</label>
				<Input
					variant="bare"
					id="media-file"
					name="file"
					type="file"
					required
					accept={extensions.map((extension) => `.${extension}`).join(',')}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'media-file-error' : 'media-file-hint'}
					className="block w-full text-sm"
				/>
				<p id="media-file-hint" className="mt-1 text-sm text-slate-600">
					{extensions.join(', ')}
				</p>
				{error && (
					<p id="media-file-error" role="alert" className="mt-1 text-sm text-red-700">
						{t(error, fetcher.data?.vars)}
					</p>
				)}
			</div>
			<div>
				<label htmlFor="media-title" className="mb-1 block font-medium">
					{t('media.title')}
				</label>
				<Input id="media-title" name="title" type="text" maxLength={200} />
			</div>
			<Button type="submit" disabled={isUploading}>
				{t(isUploading ? 'media.uploading' : 'media.upload')}
			</Button>
		</fetcher.Form>
	)
}

function MediaRow({ kind, item }: { kind: MediaKind; item: PhotoItem | ContentFileItem }) {
	const { locale, t } = useAdminI18n()
	const rename = useFetcher<{ errors?: Record<string, AdminMessageKey> }>()
	const error = rename.data?.errors?.title
	const inputId = `title-${item.id}`
	const photo = kind === 'photos' ? (item as PhotoItem) : null
	return (
		<li className="flex flex-wrap items-center gap-4 px-3 py-3">
			{photo ? (
				<img
					src={photo.thumb ?? photo.url}
					alt=""
					width={96}
					height={72}
					className="h-[72px] w-24 rounded object-cover"
				/>
			) : (
				<span
					aria-hidden
					className="flex h-[72px] w-24 items-center justify-center rounded bg-slate-100 text-sm font-semibold text-slate-600 uppercase"
				>
					{item.name.split('.').pop()}
				</span>
			)}
			<div className="min-w-48 flex-1">
				<rename.Form method="patch" action={`/admin/${kind}/${item.id}`} className="flex flex-wrap items-start gap-2">
					<AuthenticityTokenInput />
					<div className="min-w-40 flex-1">
						<label htmlFor={inputId} className="sr-only">
							{t('media.titleOf', { name: item.name })}
						</label>
						<Input
							id={inputId}
							name="title"
							defaultValue={item.title}
							maxLength={200}
							aria-invalid={error ? true : undefined}
							aria-describedby={error ? `${inputId}-error` : undefined}
						/>
						{error && (
							<p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
								{t(error)}
							</p>
						)}
					</div>
					<Button variant="secondarySmall" type="submit" className="text-sm">
						{t('media.rename')}
						<span className="sr-only"> {item.name}</span>
					</Button>
				</rename.Form>
				<p className="mt-1 text-sm text-slate-600">
					<a href={item.url} className="text-teal-800 underline">
						{item.name}
					</a>{' '}
					· {formatFileSize(item.size, locale)}
					{photo && ` · ${photo.width} × ${photo.height}`}
				</p>
			</div>
			<ConfirmDelete action={`/admin/${kind}/${item.id}`} name={item.title || item.name} />
		</li>
	)
}
