import { adElementId, type AdSlotType } from '../ads';

/** An ad container; the client fills it. Its space is reserved by CSS so nothing shifts. */
export function AdSlot({ type }: { type: AdSlotType }) {
  return <div className={`ad ad-${type.replace('_', '-')}`} data-ad-slot={type} id={adElementId(type)} aria-hidden="true" />;
}
