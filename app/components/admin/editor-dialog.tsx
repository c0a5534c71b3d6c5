import * as Dialog from '@radix-ui/react-dialog'
import { useId, type FormEvent, type ReactNode } from 'react'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'

// A press on a toolbar button keeps the focus and the selection in the text, as in any editor,
// so typing goes on where it was; keyboard users reach the buttons with Tab and come back.
const keepFocus = (event: React.MouseEvent) => event.preventDefault()

const toolbarButtonClass =
	'rounded px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-200 aria-pressed:bg-slate-800 aria-pressed:text-white disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-teal-700'

export type DialogField = {
	label: string
	value: string
	onChange: (value: string) => void
	error?: string
	inputMode?: 'url' | 'text'
}

type EditorDialogProps = {
	label: string
	icon: string
	isPressed?: boolean
	title: string
	description: string
	isOpen: boolean
	onOpenChange: (isOpen: boolean) => void
	onApply: () => void
	fields: DialogField[]
	// Shown above the fields: the media dialogs' picker and upload area.
	children?: ReactNode
	applyLabel?: string
	wide?: boolean
}

// The editor's dialogs (link, properties, image, file): a toolbar button, labelled fields with their errors,
// Cancel and Apply. Radix gives the focus trap, Esc and the return of the focus.
export function EditorDialog({
	label,
	icon,
	isPressed,
	title,
	description,
	isOpen,
	onOpenChange,
	onApply,
	fields,
	children,
	applyLabel,
	wide = false,
}: EditorDialogProps) {
	const { t } = useAdminI18n()
	const id = useId()
	function submit(event: FormEvent) {
		event.preventDefault()
		// Portalled out of the record form, but React events still bubble to it.
		event.stopPropagation()
		onApply()
	}
	return (
		<Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
			<Dialog.Trigger asChild>
				<ToolButton label={label} text={icon} isActive={isPressed} />
			</Dialog.Trigger>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
				<Dialog.Content
					className={`fixed top-1/2 left-1/2 z-50 max-h-[95vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl ${wide ? 'w-[min(40rem,94vw)]' : 'w-[min(28rem,90vw)]'}`}
				>
					<Dialog.Title className="mb-4 text-lg font-semibold">{title}</Dialog.Title>
					<Dialog.Description className="mb-3 text-sm text-slate-600">{description}</Dialog.Description>
					{children}
					<form onSubmit={submit} noValidate className="grid gap-3">
						{fields.map((field, index) => (
							<div key={field.label}>
								<label htmlFor={`${id}-${index}`} className="mb-1 block text-sm font-medium">
									{field.label}
								</label>
								<Input
									id={`${id}-${index}`}
									type="text"
									inputMode={field.inputMode ?? 'text'}
									value={field.value}
									onChange={(event) => field.onChange(event.target.value)}
									aria-invalid={field.error ? true : undefined}
									aria-describedby={field.error ? `${id}-${index}-error` : undefined}
								/>
								{field.error && (
									<p id={`${id}-${index}-error`} role="alert" className="mt-1 text-sm text-red-700">
										{field.error}
									</p>
								)}
							</div>
						))}
						<div className="mt-1 flex justify-end gap-2">
							<Dialog.Close className={buttonClass('secondary')}>{t('editor.cancel')}</Dialog.Close>
							<Button type="submit">{applyLabel ?? t('editor.apply')}</Button>
						</div>
					</form>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

type ToolButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
	label: string
	text: string
	isActive?: boolean
	isDisabled?: boolean
	ref?: React.Ref<HTMLButtonElement>
}

// A toolbar button: its label for screen readers and as a tooltip, its face, pressed while its
// format is on. A press keeps the focus in the text (a dialog's trigger passes its own props).
export function ToolButton({ label, text, isActive, isDisabled, ...props }: ToolButtonProps) {
	return (
		<Button
			variant="bare"
			type="button"
			{...props}
			aria-label={label}
			title={label}
			aria-pressed={isActive}
			disabled={isDisabled}
			onMouseDown={keepFocus}
			className={toolbarButtonClass}
		>
			<span aria-hidden>{text}</span>
		</Button>
	)
}
