"""doppelkopf: the rules of Doppelkopf as the DDV plays them, as typed, immutable Python values."""

from .cards import DECK as DECK
from .cards import DISTINCT_CARDS as DISTINCT_CARDS
from .cards import Card as Card
from .cards import Hand as Hand
from .cards import Rank as Rank
from .cards import Suit as Suit
from .errors import AnnouncementBannedError as AnnouncementBannedError
from .errors import AnnouncementError as AnnouncementError
from .errors import AnnouncementTooLateError as AnnouncementTooLateError
from .errors import CardNotHeldError as CardNotHeldError
from .errors import DoppelkopfError as DoppelkopfError
from .errors import IllegalActionError as IllegalActionError
from .errors import InvalidNotationError as InvalidNotationError
from .errors import InvalidReservationError as InvalidReservationError
from .errors import InvalidSummaryError as InvalidSummaryError
from .errors import LateReplyLockError as LateReplyLockError
from .errors import MustFollowError as MustFollowError
from .errors import NotYourTurnError as NotYourTurnError
from .errors import TrickCompleteError as TrickCompleteError
from .errors import WrongPhaseError as WrongPhaseError
from .parties import Announcement as Announcement
from .parties import Party as Party
from .parties import deadline as deadline
from .rules import Category as Category
from .rules import GameType as GameType
from .tricks import Trick as Trick
from .tricks import check_card as check_card
from .tricks import is_legal_card as is_legal_card
from .tricks import legal_cards as legal_cards
from .tricks import trick_winner as trick_winner

__version__ = "0.1.0"
