/** The invitation card's placeholders while its code loads, on the Invite page and in its frame (src/start/frames.tsx): in ui/, as a page imports no other page and the frames none. Styled by pages/Invite/Invite.css. */
export function InviteSkeleton() {
  return (
    <div className="invite__skeleton" aria-hidden="true">
      <span className="sk sk--code" />
      <span className="sk sk--qr" />
      <span className="sk sk--line" />
      <span className="sk sk--button" />
    </div>
  )
}
