"""One deal as an immutable state machine (SPEC §2.3–§2.4, §3, §5–§8).

A :class:`Deal` goes through three phases: the reservation round, play (with
announcements interleaved at any instant) and finished.  Every action returns
a new deal and leaves the old one valid, so a bot can branch from any state.
Every action has three verbs: ``check_…`` raises the precise error,
``can_…`` answers yes or no, and the action itself returns the new deal.

The package has one module per concern, and its imports run one way, from
the facade down to the vocabulary.  The public modules hold the values and
the rules: :mod:`~doppelkopf.deal.actions` (the vocabulary of phases,
reservations, actions and events), :mod:`~doppelkopf.deal.dealing` (the cut
and the packets), :mod:`~doppelkopf.deal.reservations` (which answers a seat
may give and which contract they give), :mod:`~doppelkopf.deal.poverty` and
:mod:`~doppelkopf.deal.throwing` (the rules of Armut and Schmeißen, V§6,
V§7), :mod:`~doppelkopf.deal.procedures` (the facts those procedures add to
a deal), :mod:`~doppelkopf.deal.outcome` and :mod:`~doppelkopf.deal.views`
(the player's view) and :mod:`~doppelkopf.deal.observer` (the view kept
from one hand and the public events).  The deal itself is :class:`Deal` in
:mod:`~doppelkopf.deal.machine`, a facade over private modules, one per
step: the state (``_state``), the first state (``_start``), the reservation
round (``_round``), the Armut exchange (``_exchange``), the card play
(``_play``), the announcements (``_announcing``), the legal actions
(``_legal``), the history (``_history``), the outcome (``_result``) and the
lazy views (``_lazy_view``); :doc:`/design` draws the arrows.  Every public
name is imported from here (``from doppelkopf.deal import Deal``) or from
:mod:`doppelkopf` itself.

>>> from doppelkopf import Announcement, Deal, Reservation
>>> deal = Deal.shuffled(seed=7, dealer=3)
>>> deal.phase, deal.turn
(<Phase.RESERVATIONS: 'reservations'>, 0)
>>> for seat in (0, 1, 2, 3):
...     deal = deal.declare(seat, Reservation.HEALTHY)
>>> deal.game_type, deal.phase, deal.turn
(GameType.NORMAL, <Phase.PLAY: 'play'>, 0)
>>> deal = deal.play(0, deal.legal_cards()[0])
>>> len(deal.current_trick), deal.turn
(1, 1)
"""

from .actions import Action as Action
from .actions import Announce as Announce
from .actions import Announced as Announced
from .actions import AnswerPoverty as AnswerPoverty
from .actions import Concealed as Concealed
from .actions import ConcealedKind as ConcealedKind
from .actions import Declare as Declare
from .actions import Event as Event
from .actions import PassCards as PassCards
from .actions import Phase as Phase
from .actions import Play as Play
from .actions import Reservation as Reservation
from .actions import ReturnCards as ReturnCards
from .actions import SeenEvent as SeenEvent
from .dealing import deal_hands as deal_hands
from .machine import Deal as Deal
from .machine import legal_actions as legal_actions
from .machine import legal_announcements as legal_announcements
from .observer import Observed as Observed
from .observer import Observer as Observer
from .observer import Question as Question
from .observer import Schweine as Schweine
from .outcome import Outcome as Outcome
from .outcome import VoidDeal as VoidDeal
from .poverty import Poverty as Poverty
from .poverty import normal_trumps as normal_trumps
from .poverty import pass_choices as pass_choices
from .poverty import return_choices as return_choices
from .questions import ReservationKind as ReservationKind
from .reservations import CLUB_QUEEN as CLUB_QUEEN
from .reservations import RoundResult as RoundResult
from .reservations import SoloKind as SoloKind
from .reservations import resolve_reservations as resolve_reservations
from .reservations import resolve_round as resolve_round
from .throwing import meets_throw_reason as meets_throw_reason
from .throwing import throw_reasons as throw_reasons
from .views import PlayerView as PlayerView

__all__ = [
    "Action",
    "Announce",
    "Announced",
    "AnswerPoverty",
    "Concealed",
    "ConcealedKind",
    "Deal",
    "Declare",
    "Event",
    "Observed",
    "Observer",
    "Outcome",
    "PassCards",
    "Phase",
    "Play",
    "PlayerView",
    "Poverty",
    "Question",
    "Reservation",
    "ReservationKind",
    "ReturnCards",
    "RoundResult",
    "Schweine",
    "SeenEvent",
    "SoloKind",
    "VoidDeal",
    "deal_hands",
    "legal_actions",
    "legal_announcements",
    "meets_throw_reason",
    "normal_trumps",
    "pass_choices",
    "resolve_reservations",
    "resolve_round",
    "return_choices",
    "throw_reasons",
]
