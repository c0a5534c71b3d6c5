import {
	closestCenter,
	DndContext,
	KeyboardSensor,
	PointerSensor,
	TouchSensor,
	useSensor,
	useSensors,
	type DragEndEvent,
} from '@dnd-kit/core'
import {
	arrayMove,
	SortableContext,
	sortableKeyboardCoordinates,
	useSortable,
	verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useState } from 'react'
import type { SortableModel } from '#app/models/records/definition.ts'
import { requestJson } from '#app/utils/request-headers.ts'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'

export type SortableItem = { id: number; label: string }

type Props<T extends SortableItem> = {
	model: SortableModel
	items: T[]
	label: string
	renderItem: (item: T) => React.ReactNode
}

// The spec's drag animation.
const TRANSITION = { duration: 150, easing: 'ease' }

// The spec's "sortable": drag a handle (or pick it up with Space and move it with the arrow keys);
// on drop the new order is saved with PATCH /admin/position while the list is marked as loading.
// If the save fails, the old order comes back.
export function SortableList<T extends SortableItem>({ model, items: initial, label, renderItem }: Props<T>) {
	const { t } = useAdminI18n()
	const [items, setItems] = useState(initial)
	const [isSaving, setIsSaving] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const sensors = useSensors(
		useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
		useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
		useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
	)
	const labelOf = (id: string | number) => items.find((item) => item.id === Number(id))?.label ?? ''
	const positionOf = (id: string | number) => items.findIndex((item) => item.id === Number(id)) + 1

	async function drop({ active, over }: DragEndEvent) {
		if (!over || active.id === over.id) return
		const previous = items
		const next = arrayMove(items, positionOf(active.id) - 1, positionOf(over.id) - 1)
		setItems(next)
		setError(null)
		setIsSaving(true)
		try {
			await requestJson('/admin/position', { method: 'PATCH', body: { model, items: next.map((item) => item.id) } })
		} catch {
			setItems(previous)
			setError(t('sortable.failed'))
		} finally {
			setIsSaving(false)
		}
	}

	return (
		<div>
			<p id={`${model}-sort-help`} className="mb-2 text-sm text-slate-600">
				{t('sortable.help')}
			</p>
			{error && (
				<p role="alert" className="mb-2 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800">
					{error}
				</p>
			)}
			<DndContext
				id={`sortable-${model}`}
				sensors={sensors}
				collisionDetection={closestCenter}
				onDragEnd={drop}
				accessibility={{
					screenReaderInstructions: { draggable: t('sortable.instructions') },
					announcements: {
						onDragStart: ({ active }) =>
							t('sortable.picked', { item: labelOf(active.id), position: positionOf(active.id) }),
						onDragOver: ({ active, over }) =>
							over ? t('sortable.over', { item: labelOf(active.id), position: positionOf(over.id) }) : undefined,
						onDragEnd: ({ active, over }) =>
							over ? t('sortable.dropped', { item: labelOf(active.id), position: positionOf(over.id) }) : undefined,
						onDragCancel: ({ active }) => t('sortable.cancelled', { item: labelOf(active.id) }),
					},
				}}
			>
				<SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
					<ul
						aria-label={label}
						data-controller="sortable"
						data-model={model}
						aria-busy={isSaving || undefined}
						className={`divide-y divide-slate-200 rounded-md border border-slate-300 bg-white ${isSaving ? 'loading opacity-70' : ''}`}
					>
						{items.map((item) => (
							<SortableRow key={item.id} item={item} handleLabel={t('sortable.handle', { item: item.label })}>
								{renderItem(item)}
							</SortableRow>
						))}
					</ul>
				</SortableContext>
			</DndContext>
		</div>
	)
}

function SortableRow({
	item,
	handleLabel,
	children,
}: {
	item: SortableItem
	handleLabel: string
	children: React.ReactNode
}) {
	const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
		id: item.id,
		transition: TRANSITION,
	})
	return (
		<li
			ref={setNodeRef}
			data-id={item.id}
			style={{ transform: CSS.Translate.toString(transform), transition }}
			className={`sortable-item flex items-center gap-3 px-3 py-2 ${isDragging ? 'relative z-10 bg-teal-50 shadow-lg' : 'bg-white'}`}
		>
			<Button
				variant="bare"
				type="button"
				ref={setActivatorNodeRef}
				{...attributes}
				{...listeners}
				aria-label={handleLabel}
				className="sortable-handle cursor-grab touch-none rounded p-1 text-slate-600 hover:bg-slate-100 focus:ring-2 focus:ring-teal-700 focus:outline-none active:cursor-grabbing"
			>
				<svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
					<circle cx="5" cy="3" r="1.5" />
					<circle cx="11" cy="3" r="1.5" />
					<circle cx="5" cy="8" r="1.5" />
					<circle cx="11" cy="8" r="1.5" />
					<circle cx="5" cy="13" r="1.5" />
					<circle cx="11" cy="13" r="1.5" />
				</svg>
			</Button>
			{children}
		</li>
	)
}
