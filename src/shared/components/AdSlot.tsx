import { adElementId, type AdSlotType } from '../ads';

/** An ad container; the client fills it. Its space is reserved by CSS so nothing shifts; it is a labelled box only once filled. */
export function AdSlot({ type }: { type: AdSlotType }) {
  return <div className={`ad ad-${type.replace('_', '-')}`} data-ad-slot={type} id={adElementId(type)} aria-hidden="true" />;
}
