import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, Input } from '#app/components/ui/input.tsx'
import { Section } from '#app/components/admin/section.tsx'
import { FileList, type FileItem } from '#app/components/admin/file-list.tsx'
import { UploadForm } from '#app/components/admin/upload-form.tsx'
import type { FileState } from '#app/models/order/delivery-names.ts'
import { formatDateTime } from '#app/utils/format.ts'

export type OrderFile = {
	id: string
	name: string
	originalName: string | null
	size: number
	state: FileState
	version: number | null
	jobId: number | null
	downloads: number
	lastDownloadAt: string | null
	changedAt: string | null
	withdrawnBy: string | null
	withdrawnReason: string | null
}

type Order = { id: number; status: string; customer: { email: string } }

// The order's translated files as the PM works with them: what the customer has, what the next
// delivery hands over (a choice), earlier versions kept for staff, and what was withdrawn and why.
export function OrderFiles({ order, files }: { order: Order; files: OrderFile[] }) {
	const { t } = useAdminI18n()
	const of = (...states: FileState[]) => files.filter((file) => states.includes(file.state))
	const delivered = order.status === 'delivered'
	return (
		<Section id="order-files-title" title={t('order.files')}>
			<div data-controller="order-files" className="space-y-5">
				<FileGroup
					title={t('order.files.delivered')}
					state="delivered"
					order={order}
					files={of('delivered', 'deleted')}
				/>
				{order.status !== 'cancelled' && of('delivered').length > 1 && (
					<p>
						<a href={`/admin/orders/${order.id}/files.zip`} className="text-teal-900 underline" download>
							{t('order.files.zip', { count: of('delivered').length })}
						</a>
					</p>
				)}
				{delivered && of('delivered').length > 0 && <ResendMail email={order.customer.email} />}
				<NextDelivery order={order} files={of('waiting', 'held')} />
				<FileGroup title={t('order.files.earlier')} state="superseded" order={order} files={of('superseded')} />
				<FileGroup title={t('order.files.withdrawn')} state="withdrawn" order={order} files={of('withdrawn')} />
				{files.length === 0 && <p className="text-sm text-slate-600">{t('order.noFiles')}</p>}
				{order.status !== 'cancelled' && (
					<UploadForm action={`/admin/orders/${order.id}/files`} label={t('order.upload')} />
				)}
			</div>
		</Section>
	)
}

function FileGroup({
	title,
	state,
	order,
	files,
}: {
	title: string
	state: FileState
	order: Order
	files: OrderFile[]
}) {
	const { locale, t } = useAdminI18n()
	if (!files.length) return null
	const items: FileItem[] = files.map((file) => ({
		id: file.id,
		name: file.name,
		size: file.size,
		href:
			file.state === 'deleted' || file.state === 'withdrawn' ? undefined : `/admin/orders/${order.id}/files/${file.id}`,
		note: [
			file.version ? t('order.files.version', { version: file.version }) : '',
			file.state === 'deleted' ? t('order.fileDeleted') : '',
			file.state === 'superseded' && file.changedAt
				? t('order.files.supersededAt', { when: formatDateTime(new Date(file.changedAt), locale) })
				: '',
		]
			.filter(Boolean)
			.join(' · '),
		detail: (
			<span className="block space-y-1 text-sm text-slate-600" data-file-state={file.state} data-file={file.name}>
				<Origin file={file} />
				{state === 'withdrawn' ? (
					<span className="block">
						{t('order.files.withdrawnBy', {
							name: file.withdrawnBy ?? '',
							when: file.changedAt ? formatDateTime(new Date(file.changedAt), locale) : '',
							reason: file.withdrawnReason ?? '',
						})}
					</span>
				) : (
					<Downloads file={file} />
				)}
				{file.state !== 'withdrawn' && file.state !== 'deleted' && <Withdraw orderId={order.id} file={file} />}
			</span>
		),
	}))
	return (
		<div>
			<h3 className="mb-1 font-medium">{title}</h3>
			<FileList files={items} />
		</div>
	)
}

function Origin({ file }: { file: OrderFile }) {
	const { t } = useAdminI18n()
	const parts = [
		file.originalName && file.originalName !== file.name
			? t('order.files.uploadedAs', { name: file.originalName })
			: '',
		file.jobId ? t('order.files.fromJob', { id: file.jobId }) : '',
	].filter(Boolean)
	return parts.length ? <span className="block">{parts.join(' · ')}</span> : null
}

function Downloads({ file }: { file: OrderFile }) {
	const { locale, t } = useAdminI18n()
	return (
		<span className="block" data-downloads={file.downloads}>
			{file.lastDownloadAt
				? t('order.downloaded', { count: file.downloads, when: formatDateTime(new Date(file.lastDownloadAt), locale) })
				: t('order.notDownloaded')}
		</span>
	)
}

// The files waiting for a delivery, each ticked to go with it or not (the latest of each document
// ticked by default); an order already delivered hands the ticked ones over at once.
function NextDelivery({ order, files }: { order: Order; files: OrderFile[] }) {
	if (!files.length) return null
	return (
		<div className="space-y-2">
			<DeliveryChoice order={order} files={files} />
			{files.map((file) => (
				<Withdraw key={file.id} orderId={order.id} file={file} />
			))}
		</div>
	)
}

function DeliveryChoice({ order, files }: { order: Order; files: OrderFile[] }) {
	const { t } = useAdminI18n()
	return (
		<Form method="post" className="space-y-2" data-next-delivery>
			<AuthenticityTokenInput />
			<fieldset>
				<legend className="mb-1 font-medium">{t('order.files.waiting')}</legend>
				<p className="mb-2 text-sm text-slate-600">{t('order.files.waitingHint')}</p>
				<ul className="space-y-1">
					{files.map((file) => (
						<li key={file.id} className="flex items-start gap-2 text-sm">
							<Input
								variant="bare"
								type="checkbox"
								id={`deliver-${file.id}`}
								name="fileIds"
								value={file.id}
								defaultChecked={file.state === 'waiting'}
								className="mt-0.5 size-4"
							/>
							<span className="wrap-anywhere">
								<label htmlFor={`deliver-${file.id}`} className="font-medium">
									{file.name}
								</label>{' '}
								·{' '}
								<a
									href={`/admin/orders/${order.id}/files/${file.id}`}
									className="text-teal-900 underline"
									aria-label={t('order.files.downloadFile', { name: file.name })}
									download
								>
									{t('order.files.download')}
								</a>
								<Origin file={file} />
							</span>
						</li>
					))}
				</ul>
			</fieldset>
			<div className="flex flex-wrap gap-3">
				<Button variant="secondary" type="submit" name="intent" value="delivery">
					{t('order.files.saveChoice')}
				</Button>
				{order.status === 'delivered' && (
					<Button type="submit" name="intent" value="deliver-files">
						{t('order.files.deliverNow')}
					</Button>
				)}
			</div>
		</Form>
	)
}

// A wrong file taken back, with the reason (kept for staff); behind a disclosure so it is not pressed by chance.
function Withdraw({ orderId, file }: { orderId: number; file: OrderFile }) {
	const { t } = useAdminI18n()
	return (
		<details className="mt-1">
			<summary className="cursor-pointer text-teal-900 underline">
				{t('order.files.withdraw', { name: file.name })}
			</summary>
			<Form method="post" action={`/admin/orders/${orderId}`} className="mt-2 space-y-2">
				<AuthenticityTokenInput />
				<Hidden name="intent" value="withdraw" />
				<Hidden name="fileId" value={file.id} />
				<p>{t('order.files.withdrawHint')}</p>
				<label className="block font-medium">
					<span className="mb-1 block">{t('order.files.withdrawReason')}</span>
					<Input name="reason" required maxLength={500} />
				</label>
				<Button variant="secondarySmall" type="submit">
					{t('order.files.withdrawConfirm')}
				</Button>
			</Form>
		</details>
	)
}

function ResendMail({ email }: { email: string }) {
	const { t } = useAdminI18n()
	return (
		<Form method="post" className="flex flex-wrap items-center gap-3">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="mail" />
			<Button variant="secondary" type="submit">
				{t('order.resendMail')}
			</Button>
			<span className="text-sm text-slate-600">{t('order.resendMailHint', { email })}</span>
		</Form>
	)
}
