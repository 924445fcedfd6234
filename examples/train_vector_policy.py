"""Train a small policy on the batched environment with numpy alone, and test it against random.

Needs only numpy (``pip install "doppelkopf[fast]"``).  From the root of a
checkout::

    python examples/train_vector_policy.py --deals 50000 --seed 0

**The policy** is a masked softmax over a linear function of the observation
tensor of the seat on turn: ``logits = x @ W + b`` over the 46 action ids of
the DDV rules, the illegal ids set to minus infinity.  Its weights start at
zero, so the untrained policy draws uniformly among the legal ids: it *is*
the random player of :func:`~doppelkopf.vector.sample_legal`, and the
random-against-random control is the untrained policy's score.

**The learner plays seats 0 and 2; seats 1 and 3 are random players**, in
training as in the evaluation.  Against a fixed opponent the task is an
ordinary single-agent problem whose return is the learner's own score, which
is what the evaluation measures; self-play would chase a moving opponent and
is not needed to beat a random one.  Seats 0 and 2 are not a party: the
parties follow the club queens, so the learner plays for Re and for Kontra.

**The update** is REINFORCE with a baseline.  Every decision of a seat gets
the seat's settled score of the deal (SPEC §12), divided by
:data:`REWARD_SCALE`, as its return; the baseline is a linear value
estimate of that return from the same tensor, fitted by least squares
alongside.  Both are updated with Adam once per update, from the decisions
of the deals that ended since the last update (a deal still running carries
its decisions over to the next update, one update behind the policy).  A
small entropy bonus keeps the policy from settling on one action early.

**The evaluation** plays ``--eval-deals`` deals of an environment seeded apart
from training's, the trained policy at seats 0 and 2 against random players
at 1 and 3, and again the random player at every seat over the very same
deals: deal ``k`` of row ``r`` is dealt from the same seed in both runs, so
the difference of the two is paired deal by deal.  The policy draws its
actions as in training (``--greedy``: its most likely legal action).  A
deal's score of the learner is the mean of its two seats' scores; the random
players' is minus that, a deal's scores summing to zero.

Training, evaluation and control are each a function of ``--seed`` (and
``--batch``): a run prints the same figures every time on the same machine.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from doppelkopf.vector import VectorDealEnv, sample_legal

LEARNER_SEATS = (0, 2)
"""The seats the learner plays, in training and in the evaluation; random players hold the
others."""
REWARD_SCALE = 10.0
"""The settled scores are divided by this: a deal's score is a few points, a solo's up to about
60, so the returns stay near the unit scale the learning rates are set for."""
Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution."""

Floats = npt.NDArray[np.float32]


@dataclass
class Policy:
    """The weights: a linear softmax policy and a linear value baseline over the observation."""

    weights: Floats
    bias: Floats
    value_weights: Floats
    value_bias: Floats

    @classmethod
    def zeros(cls, size: int, actions: int) -> Policy:
        """The untrained policy: every legal action equally likely (the random player)."""
        return cls(
            np.zeros((size, actions), dtype=np.float32),
            np.zeros(actions, dtype=np.float32),
            np.zeros(size, dtype=np.float32),
            np.zeros(1, dtype=np.float32),
        )

    def parameters(self) -> list[Floats]:
        """The four arrays, in the order :class:`Adam` updates them."""
        return [self.weights, self.bias, self.value_weights, self.value_bias]

    def probabilities(self, x: Floats, mask: npt.NDArray[np.bool_]) -> Floats:
        """The policy's probability of each action id in each row; zero where illegal."""
        return softmax(x @ self.weights + self.bias, mask)

    def sparse_logits(self, observations: npt.NDArray[np.uint8]) -> Floats:
        """``x @ W + b`` for tensors of zeros and ones: the sum of the rows of ``W`` the ones pick.

        A step's few hundred rows are summed so rather than by a matrix
        product: a product this small, once a step, wakes the threads of the
        BLAS library every time, and their waiting for the next costs more
        processor time than the sum (four times the whole run's, measured with
        OpenBLAS on two cores).
        """
        rows, columns = np.nonzero(observations)
        starts = np.searchsorted(rows, np.arange(len(observations)))
        picked = np.concatenate([self.weights[columns], np.zeros_like(self.weights[:1])])
        sums = np.add.reduceat(picked, starts, axis=0)
        sums[np.bincount(rows, minlength=len(observations)) == 0] = 0
        logits: Floats = sums + self.bias
        return logits

    def value(self, x: Floats) -> Floats:
        """The baseline: the estimated return of the seat on turn, in units of REWARD_SCALE."""
        values: Floats = x @ self.value_weights + self.value_bias[0]
        return values

    def act(
        self,
        observations: npt.NDArray[np.uint8],
        mask: npt.NDArray[np.bool_],
        rng: np.random.Generator,
        *,
        greedy: bool = False,
    ) -> npt.NDArray[np.int64]:
        """One action id per row: drawn from the policy, or its most likely one if ``greedy``."""
        probabilities = softmax(self.sparse_logits(observations), mask)
        if greedy:
            chosen: npt.NDArray[np.int64] = probabilities.argmax(axis=1)
            return chosen
        uniform = rng.random(len(mask))[:, None]
        # The first id whose running probability passes the draw: an illegal id adds
        # nothing to the running sum, so it is never the first to pass.  Where the sum
        # of floats stays a hair under the draw, the last legal id is taken.
        above = probabilities.cumsum(axis=1) > uniform
        last = mask.shape[1] - 1 - np.argmax(mask[:, ::-1], axis=1)
        drawn = np.where(above.any(axis=1), np.argmax(above, axis=1), last)
        result: npt.NDArray[np.int64] = drawn.astype(np.int64)
        return result

    def save(self, path: str) -> None:
        """Write the four arrays with :func:`numpy.savez`."""
        np.savez(
            path,
            weights=self.weights,
            bias=self.bias,
            value_weights=self.value_weights,
            value_bias=self.value_bias,
        )


def softmax(logits: Floats, mask: npt.NDArray[np.bool_]) -> Floats:
    """The softmax of each row of ``logits`` over the ids ``mask`` marks legal; zero elsewhere."""
    masked = np.where(mask, logits, -np.inf)
    masked -= masked.max(axis=1, keepdims=True)
    odds = np.exp(masked)
    probabilities: Floats = odds / odds.sum(axis=1, keepdims=True)
    return probabilities


@dataclass
class Adam:
    """Adam (Kingma and Ba, 2015) ascending a list of arrays in place."""

    rate: float
    beta1: float = 0.9
    beta2: float = 0.999
    epsilon: float = 1e-8
    steps: int = 0
    moments: list[tuple[Floats, Floats]] = field(default_factory=list)

    def ascend(self, parameters: Sequence[Floats], gradients: Sequence[Floats]) -> None:
        """Move each array along its gradient (ascent: the gradients point uphill)."""
        if not self.moments:
            self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in parameters]
        self.steps += 1
        correction1 = 1 - self.beta1**self.steps
        correction2 = 1 - self.beta2**self.steps
        for index, gradient in enumerate(gradients):
            first, second = self.moments[index]
            first[...] = self.beta1 * first + (1 - self.beta1) * gradient
            second[...] = self.beta2 * second + (1 - self.beta2) * gradient**2
            step = (
                self.rate * (first / correction1) / (np.sqrt(second / correction2) + self.epsilon)
            )
            parameters[index][...] += step.astype(np.float32)


@dataclass
class Decisions:
    """The learner's decisions not yet learned from: tensor, mask, action, deal and seat."""

    observations: list[npt.NDArray[np.uint8]] = field(default_factory=list)
    masks: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    actions: list[npt.NDArray[np.int64]] = field(default_factory=list)
    deals: list[npt.NDArray[np.int64]] = field(default_factory=list)
    seats: list[npt.NDArray[np.int64]] = field(default_factory=list)

    def add(
        self,
        observations: npt.NDArray[np.uint8],
        masks: npt.NDArray[np.bool_],
        actions: npt.NDArray[np.int64],
        deals: npt.NDArray[np.int64],
        seats: npt.NDArray[np.int64],
    ) -> None:
        self.observations.append(observations)
        self.masks.append(masks)
        self.actions.append(actions)
        self.deals.append(deals)
        self.seats.append(seats)

    def split(self, finished: npt.NDArray[np.bool_]) -> tuple[Decisions, Decisions]:
        """The decisions of the deals ``finished`` marks (indexed by deal), and the others."""
        if not self.actions:
            return Decisions(), Decisions()
        parts = [
            np.concatenate(column)
            for column in (self.observations, self.masks, self.actions, self.deals, self.seats)
        ]
        done = finished[parts[3]]
        ready = Decisions(*([part[done]] for part in parts))
        rest = Decisions(*([part[~done]] for part in parts))
        return ready, rest


@dataclass
class Update:
    """What one update saw: its decisions and deals, the deals' mean score, the entropy."""

    decisions: int
    deals: int
    learner_score: float
    entropy: float


def learn(
    policy: Policy,
    optimizer: Adam,
    decisions: Decisions,
    returns: Floats,
    *,
    entropy_bonus: float,
) -> float:
    """One REINFORCE step with the value baseline on ``decisions``; the policy's mean entropy.

    ``returns`` holds the return of each decision.  The gradient of the mean of
    ``advantage · log π(a | x)`` with respect to the logits is
    ``advantage · (onehot(a) − π)``; the entropy's is ``−π · (log π + H)``.
    """
    x = np.concatenate(decisions.observations).astype(np.float32)
    mask = np.concatenate(decisions.masks)
    actions = np.concatenate(decisions.actions)
    count = len(x)
    if not count:
        return math.nan
    probabilities = policy.probabilities(x, mask)
    values = policy.value(x)
    advantages = returns - values
    logs = np.log(np.where(mask, probabilities, 1.0))
    entropy = -(probabilities * logs).sum(axis=1)
    chosen = np.zeros_like(probabilities)
    chosen[np.arange(count), actions] = 1.0
    slope = advantages[:, None] * (chosen - probabilities)
    slope -= entropy_bonus * probabilities * (logs + entropy[:, None])
    slope /= count
    # The gradient of −½ mean (return − value)² with respect to the value.
    error = (advantages / count).astype(np.float32)
    optimizer.ascend(
        policy.parameters(),
        [x.T @ slope, slope.sum(axis=0), x.T @ error, np.array([error.sum()], dtype=np.float32)],
    )
    return float(entropy.mean())


@dataclass
class Ledger:
    """The deals of a training run: each deal played gets a number, its scores when it ends.

    ``current`` is the number of the deal each row is at; ``ended`` the numbers
    of the deals ended since :meth:`take_ended` was last called.
    """

    rows: int
    capacity: int
    current: npt.NDArray[np.int64] = field(init=False)
    scores: Floats = field(init=False)
    finished: npt.NDArray[np.bool_] = field(init=False)
    ended: list[npt.NDArray[np.int64]] = field(default_factory=list)
    total: int = 0

    def __post_init__(self) -> None:
        self.current = np.arange(self.rows, dtype=np.int64)
        self.scores = np.zeros((self.capacity, 4), dtype=np.float32)
        self.finished = np.zeros(self.capacity, dtype=np.bool_)

    def close(self, terminations: npt.NDArray[np.bool_], rewards: npt.NDArray[np.int64]) -> None:
        """Keep the scores of the deals that ended; number the deals their rows start."""
        rows = np.flatnonzero(terminations)
        numbers = self.current[rows]
        self.scores[numbers] = rewards[rows]
        self.finished[numbers] = True
        self.ended.append(numbers)
        following = self.rows + self.total
        self.current[rows] = np.arange(following, following + len(rows))
        self.total += len(rows)

    def take_ended(self) -> npt.NDArray[np.int64]:
        """The numbers of the deals ended since the last call."""
        numbers = np.concatenate(self.ended) if self.ended else np.zeros(0, dtype=np.int64)
        self.ended = []
        return numbers


def train(
    deals: int,
    *,
    batch: int = 256,
    seed: int = 0,
    rate: float = 0.01,
    entropy_bonus: float = 0.01,
    deals_per_update: int | None = None,
    report: int = 0,
) -> tuple[Policy, list[Update]]:
    """Train a :class:`Policy` at :data:`LEARNER_SEATS` over ``deals`` deals against random seats.

    ``batch`` deals run at once; an update comes after every ``deals_per_update``
    finished deals (default ``batch``).  With ``report`` a line is printed
    after every ``report`` updates (an epoch).  The run is a function of its
    arguments: the environment, the random seats and the learner's draws are
    all seeded from ``seed``.
    """
    train_seed, _ = seeds(seed)
    env = VectorDealEnv(batch, seed=train_seed)
    rng = np.random.default_rng(train_seed)
    policy = Policy.zeros(env.observation_size, env.num_actions)
    optimizer = Adam(rate)
    per_update = batch if deals_per_update is None else deals_per_update
    # At most ``batch`` deals end in the step that passes ``deals``.
    ledger = Ledger(batch, deals + 2 * batch)
    learner = np.isin(np.arange(4), LEARNER_SEATS)
    pending = Decisions()
    history: list[Update] = []
    last = 0
    started = time.perf_counter()
    observations, info = env.reset()
    while ledger.total < deals:
        mask = info["action_mask"]
        seat = info["seat"]
        mine = learner[seat]
        actions = sample_legal(mask, rng)
        if mine.any():
            chosen = policy.act(observations[mine], mask[mine], rng)
            actions[mine] = chosen
            pending.add(observations[mine], mask[mine], chosen, ledger.current[mine], seat[mine])
        observations, rewards, terminations, _, info = env.step(actions)
        if terminations.any():
            ledger.close(terminations, rewards)
        if ledger.total - last >= per_update or ledger.total >= deals:
            last = ledger.total
            ready, pending = pending.split(ledger.finished)
            history.append(update(policy, optimizer, ready, ledger, entropy_bonus))
            if report and (len(history) % report == 0 or ledger.total >= deals):
                progress(history, report, ledger.total, time.perf_counter() - started)
    return policy, history


def update(
    policy: Policy, optimizer: Adam, ready: Decisions, ledger: Ledger, entropy_bonus: float
) -> Update:
    """Learn from the decisions of ended deals; what the deals ended since the last update
    scored."""
    if ready.actions:
        returns = ledger.scores[np.concatenate(ready.deals), np.concatenate(ready.seats)]
        entropy = learn(
            policy, optimizer, ready, returns / REWARD_SCALE, entropy_bonus=entropy_bonus
        )
    else:
        returns, entropy = np.zeros(0, dtype=np.float32), math.nan
    numbers = ledger.take_ended()
    mean = float(ledger.scores[numbers][:, list(LEARNER_SEATS)].mean()) if len(numbers) else 0.0
    return Update(len(returns), len(numbers), mean, entropy)


def progress(history: Sequence[Update], report: int, total: int, elapsed: float) -> None:
    """Print the line of an epoch: the last ``report`` updates."""
    recent = history[-report:]
    seen = sum(item.deals for item in recent)
    score = sum(item.learner_score * item.deals for item in recent) / max(seen, 1)
    print(
        f"epoch {math.ceil(len(history) / report):3d}: {total:7d} deals, "
        f"learner {score:+6.2f} a deal against random, "
        f"entropy {recent[-1].entropy:.2f}, {elapsed:6.1f} s "
        f"({total / elapsed:,.0f} deals/s)",
        flush=True,
    )


def seeds(seed: int) -> tuple[int, int]:
    """The environments' seeds of training and of the evaluation, derived apart from ``seed``."""
    first, second = np.random.SeedSequence(seed).generate_state(2, dtype=np.uint64).tolist()
    return int(first), int(second)


@dataclass
class Evaluation:
    """The scores of the four seats in each evaluation deal: the learner's run and the control's.

    Both arrays have shape ``(deals, 4)``; row ``i`` of both is the same deal.
    """

    learner_run: npt.NDArray[np.float64]
    control_run: npt.NDArray[np.float64]

    @property
    def learner(self) -> npt.NDArray[np.float64]:
        """The learner's score in each deal: the mean of its seats' scores."""
        return _seats_mean(self.learner_run)

    @property
    def control(self) -> npt.NDArray[np.float64]:
        """The random player's score in each deal at the learner's seats, in the control run."""
        return _seats_mean(self.control_run)

    def summary(self) -> dict[str, tuple[float, float]]:
        """Mean and half-width of the 95 % interval: learner, random seats, control, difference.

        The difference is paired: the learner's and the control's scores of
        the same deal.
        """
        return {
            "learner": interval(self.learner),
            "random seats": interval(-self.learner),
            "control": interval(self.control),
            "difference": interval(self.learner - self.control),
        }


def _seats_mean(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    mean: npt.NDArray[np.float64] = scores[:, list(LEARNER_SEATS)].mean(axis=1)
    return mean


def interval(sample: npt.NDArray[np.float64]) -> tuple[float, float]:
    """The mean of ``sample`` and the half-width of its normal 95 % confidence interval."""
    deviation = float(sample.std(ddof=1)) if len(sample) > 1 else math.inf
    return float(sample.mean()), Z95 * deviation / math.sqrt(len(sample))


def play(
    policy: Policy | None,
    deals: int,
    *,
    batch: int = 256,
    seed: int = 0,
    greedy: bool = False,
) -> npt.NDArray[np.float64]:
    """The four seats' scores, shape ``(deals, 4)``, of ``deals`` evaluation deals.

    ``policy`` plays :data:`LEARNER_SEATS`, drawing its actions as in
    training, or taking its most likely legal one if ``greedy``; ``None``
    plays random there too.  Row ``r`` of the environment
    plays its deals ``0, 1, …`` of the evaluation seed: the same deals
    whatever ``policy`` is.
    """
    _, eval_seed = seeds(seed)
    batch = min(batch, deals)
    per_row = math.ceil(deals / batch)
    env = VectorDealEnv(batch, seed=eval_seed)
    rng = np.random.default_rng(eval_seed)
    learner = np.isin(np.arange(4), LEARNER_SEATS)
    scores = np.zeros((per_row, batch, 4), dtype=np.float64)
    count = np.zeros(batch, dtype=np.int64)
    observations, info = env.reset()
    while count.min() < per_row:
        mask = info["action_mask"]
        actions = sample_legal(mask, rng)
        if policy is not None:
            mine = learner[info["seat"]]
            if mine.any():
                actions[mine] = policy.act(observations[mine], mask[mine], rng, greedy=greedy)
        observations, rewards, terminations, _, info = env.step(actions)
        rows = np.flatnonzero(terminations & (count < per_row))
        scores[count[rows], rows] = rewards[rows]
        count[terminations] += 1
    result: npt.NDArray[np.float64] = scores.reshape(-1, 4)[:deals]
    return result


def evaluate(
    policy: Policy, deals: int, *, batch: int = 256, seed: int = 0, greedy: bool = False
) -> Evaluation:
    """The policy and the random player at :data:`LEARNER_SEATS` over the same evaluation deals.

    The policy draws its actions, so that the untrained policy is the random
    player; with ``greedy`` it takes its most likely legal action (the
    untrained policy then takes the lowest legal id, no random player).
    """
    return Evaluation(
        play(policy, deals, batch=batch, seed=seed, greedy=greedy),
        play(None, deals, batch=batch, seed=seed),
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=50_000, help="training deals")
    parser.add_argument("--batch", type=int, default=256, help="deals stepped at once")
    parser.add_argument("--eval-deals", type=int, default=20_000, help="evaluation deals")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rate", type=float, default=0.01, help="Adam's learning rate")
    parser.add_argument("--epochs", type=int, default=10, help="progress lines printed")
    parser.add_argument("--save", metavar="FILE", help="write the weights with numpy.savez")
    parser.add_argument(
        "--greedy", action="store_true", help="evaluate the most likely action, not a draw"
    )
    options = parser.parse_args(argv)
    if min(options.deals, options.batch, options.eval_deals, options.epochs) < 1:
        parser.error("--deals, --batch, --eval-deals and --epochs must be positive")
    updates = math.ceil(options.deals / options.batch)
    started, processor = time.perf_counter(), time.process_time()
    policy, history = train(
        options.deals,
        batch=options.batch,
        seed=options.seed,
        rate=options.rate,
        report=max(1, math.ceil(updates / options.epochs)),
    )
    trained, busy = time.perf_counter() - started, time.process_time() - processor
    played = sum(item.deals for item in history)
    print(
        f"trained on {played:,} deals in {trained:.1f} s ({busy:.1f} s of processor time, "
        f"{played / busy:,.0f} deals/s)"
    )
    if options.save:
        policy.save(options.save)
        print(f"weights written to {options.save}")
    processor = time.process_time()
    evaluation = evaluate(
        policy, options.eval_deals, batch=options.batch, seed=options.seed, greedy=options.greedy
    )
    print(
        f"evaluation over {options.eval_deals:,} deals, twice "
        f"({time.process_time() - processor:.1f} s of processor time); "
        "mean score a deal and seat, 95 % CI:"
    )
    names = {
        "learner": f"learner at seats {LEARNER_SEATS}",
        "random seats": "random players against it",
        "control": f"random at seats {LEARNER_SEATS} (control)",
        "difference": "learner minus control, paired",
    }
    for key, (mean, half) in evaluation.summary().items():
        print(f"  {names[key]:<34} {mean:+7.3f} ± {half:.3f}")
    seats = "  ".join(
        f"{seat}: {learned:+.2f} ({control:+.2f})"
        for seat, learned, control in zip(
            range(4),
            evaluation.learner_run.mean(axis=0),
            evaluation.control_run.mean(axis=0),
            strict=True,
        )
    )
    print(f"  mean score of each seat, learner run (control run): {seats}")


if __name__ == "__main__":
    main()
