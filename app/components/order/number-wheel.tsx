import { useEffect, useId, useRef, useState } from 'react'
import { FieldError } from '#app/components/ui/field.tsx'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { inlineInputClass, Input } from '#app/components/ui/input.tsx'
import { Button } from '#app/components/ui/button.tsx'

type Props = {
	id?: string
	error?: string
	name: string
	label: string
	value?: number
	min?: number
	max?: number
	step?: number
	onChange?: (value: number) => void
}

export function clamp(value: number, min: number, max: number): number {
	return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min
}

// The spec's quantity wheel: a number picker whose value always stays between min and max,
// typed, stepped with the buttons or the arrow keys, or turned with the mouse wheel.
export function NumberWheel({
	id: givenId,
	error,
	name,
	label,
	value: initial = 1,
	min = 1,
	max = 100,
	step = 1,
	onChange,
}: Props) {
	const { t } = useI18n()
	const generatedId = useId()
	const id = givenId ?? generatedId
	const input = useRef<HTMLInputElement>(null)
	const [value, setValue] = useState(clamp(initial, min, max))
	const [draft, setDraft] = useState<string | null>(null)

	const set = (next: number) => {
		const clamped = clamp(next, min, max)
		setValue(clamped)
		setDraft(null)
		onChange?.(clamped)
	}
	const latest = useRef({ value, set })
	useEffect(() => {
		latest.current = { value, set }
	})

	// A wheel over the focused field turns it (the page does not scroll meanwhile).
	useEffect(() => {
		const element = input.current
		if (!element) return
		const turn = (event: WheelEvent) => {
			if (document.activeElement !== element) return
			event.preventDefault()
			latest.current.set(latest.current.value + (event.deltaY < 0 ? step : -step))
		}
		element.addEventListener('wheel', turn, { passive: false })
		return () => element.removeEventListener('wheel', turn)
	}, [step])

	return (
		<div data-controller="number-wheel" data-min={min} data-max={max} data-step={step}>
			<label htmlFor={id} className="mb-1 block text-sm font-medium">
				{label}
			</label>
			<div className="flex items-center gap-1">
				<Button
					variant="bare"
					type="button"
					onClick={() => set(value - step)}
					disabled={value <= min}
					aria-label={t('wheel.less')}
					className="size-10 rounded-md border border-slate-400 text-lg disabled:opacity-40"
				>
					−
				</Button>
				<Input
					variant="bare"
					ref={input}
					id={id}
					name={name}
					type="number"
					inputMode="numeric"
					min={min}
					max={max}
					step={step}
					value={draft ?? value}
					onChange={(event) => {
						setDraft(event.currentTarget.value)
						if (event.currentTarget.value !== '') set(Number(event.currentTarget.value))
					}}
					onBlur={() => set(draft === null ? value : Number(draft))}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? `${id}-error` : undefined}
					className={`w-20 text-center ${inlineInputClass}`}
				/>
				<Button
					variant="bare"
					type="button"
					onClick={() => set(value + step)}
					disabled={value >= max}
					aria-label={t('wheel.more')}
					className="size-10 rounded-md border border-slate-400 text-lg disabled:opacity-40"
				>
					+
				</Button>
			</div>
			<FieldError id={`${id}-error`} message={error} />
		</div>
	)
}
