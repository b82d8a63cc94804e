"""Train the `learned` bot: PPO with action masking, in plain PyTorch, on the vector env.

    python examples/train_ppo.py --minutes 45 --out weights.npz --curve curve.csv

One network plays the learner's seat at every table of a
`hearts_core.adapters.vector.vector_env` whose other seats are `RuleBot`s, one hand per
episode, rewarded with the payoff (the other seats' mean points minus its own, as they
are taken). Each update:

1. Roll out: every table steps `--steps` times; the policy samples among the legal
   actions only (illegal logits are set to a large negative number).
2. Advantages: generalised advantage estimation over each table's steps, an episode's
   end cutting it (`gamma` 1: a hand is short, and every point counts the same).
3. Learn: `--epochs` passes over the batch in minibatches, with PPO's clipped objective,
   a value loss and an entropy bonus.

Every update appends a row to the curve (hands played so far, seconds, the mean payoff
per hand over that update's hands); the weights are written as a NumPy `.npz` that
`hearts_core.bots.policy.LearnedBot` plays with NumPy alone.
"""

from __future__ import annotations

import argparse
import csv
import os
import time

import numpy as np
import torch
from torch import nn

from hearts_core.adapters.vector import vector_env

HIDDEN = 256


class Policy(nn.Module):
    """A two-layer perceptron with a policy head (one logit per action) and a value head."""

    def __init__(self, inputs: int, actions: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(inputs, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, HIDDEN), nn.ReLU()
        )
        self.logits = nn.Linear(HIDDEN, actions)
        self.value = nn.Linear(HIDDEN, 1)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        hidden = self.body(x)
        logits = self.logits(hidden).masked_fill(mask == 0, -1e9)
        return logits, self.value(hidden).squeeze(-1)


def save(policy: Policy, path: str) -> None:
    """The policy's layers as NumPy arrays: w0, b0, w1, b1 (the body) and w2, b2 (logits)."""
    layers = [policy.body[0], policy.body[2], policy.logits]
    arrays = {}
    for index, layer in enumerate(layers):
        arrays[f"w{index}"] = layer.weight.detach().numpy().T.astype(np.float32)
        arrays[f"b{index}"] = layer.bias.detach().numpy().astype(np.float32)
    np.savez_compressed(path, **arrays)


def load(policy: Policy, path: str) -> None:
    """Start from the policy layers of a weights file that :func:`save` wrote (the value
    head starts afresh)."""
    arrays = np.load(path)
    for index, layer in enumerate([policy.body[0], policy.body[2], policy.logits]):
        layer.weight.data = torch.from_numpy(arrays[f"w{index}"].T.copy())
        layer.bias.data = torch.from_numpy(arrays[f"b{index}"].copy())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=float, default=45.0, help="wall time to train")
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--steps", type=int, default=64, help="steps per table per update")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--opponents", default="rule")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--resume", help="start from these weights (an .npz of save()), the curve continued"
    )
    parser.add_argument("--out", default="learned.npz")
    parser.add_argument("--curve", default="learning-curve.csv")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # a shared machine: one core for the network, one for the tables

    tables = vector_env(args.tables, opponents=args.opponents, reward="payoff")
    seen, _ = tables.reset(seed=args.seed)
    size = seen["observation"].shape[1]
    actions = seen["action_mask"].shape[1]
    policy = Policy(size, actions)
    if args.resume:
        load(policy, args.resume)
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr, eps=1e-5)
    shape = (args.steps, args.tables)
    observations = torch.zeros(shape + (size,))
    masks = torch.zeros(shape + (actions,), dtype=torch.int8)
    chosen = torch.zeros(shape, dtype=torch.long)
    log_probs, values, rewards, dones = (torch.zeros(shape) for _ in range(4))
    hands, before = 0, 0.0  # a resumed run carries on the curve it finds
    if args.resume and os.path.exists(args.curve):
        with open(args.curve, newline="") as old:
            rows = list(csv.DictReader(old))
        hands, before = int(rows[-1]["hands"]), float(rows[-1]["seconds"])
    started = time.perf_counter() - before
    with open(args.curve, "a" if hands else "w", newline="") as out:
        curve = csv.writer(out)
        if not hands:
            curve.writerow(["hands", "seconds", "payoff"])
        while time.perf_counter() - started - before < 60 * args.minutes:
            payoffs: list[float] = []
            for t in range(args.steps):  # 1. roll out
                x = torch.from_numpy(seen["observation"])
                mask = torch.from_numpy(seen["action_mask"])
                with torch.no_grad():
                    logits, value = policy(x, mask)
                    dist = torch.distributions.Categorical(logits=logits)
                    action = dist.sample()
                observations[t], masks[t], chosen[t], values[t] = x, mask, action, value
                log_probs[t] = dist.log_prob(action)
                seen, reward, ended, _, infos = tables.step(action.numpy())
                rewards[t] = torch.from_numpy(reward).float()
                dones[t] = torch.from_numpy(ended).float()
                if "payoff" in infos:
                    payoffs.extend(infos["payoff"][infos["_payoff"]].tolist())
            with torch.no_grad():  # 2. advantages
                _, last = policy(
                    torch.from_numpy(seen["observation"]), torch.from_numpy(seen["action_mask"])
                )
                advantages = torch.zeros(shape)
                running = torch.zeros(args.tables)
                for t in reversed(range(args.steps)):
                    following = last if t == args.steps - 1 else values[t + 1]
                    going = 1.0 - dones[t]
                    delta = rewards[t] + following * going - values[t]
                    running = delta + args.lam * going * running
                    advantages[t] = running
                returns = advantages + values
            flat = [tensor.reshape(-1, *tensor.shape[2:]) for tensor in
                    (observations, masks, chosen, log_probs, advantages, returns)]
            for _ in range(args.epochs):  # 3. learn
                order = torch.randperm(flat[0].shape[0])
                for start in range(0, len(order), args.minibatch):
                    pick = order[start : start + args.minibatch]
                    x, mask, action, old, advantage, target = (t[pick] for t in flat)
                    advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
                    logits, value = policy(x, mask)
                    dist = torch.distributions.Categorical(logits=logits)
                    ratio = (dist.log_prob(action) - old).exp()
                    clipped = ratio.clamp(1 - args.clip, 1 + args.clip)
                    loss = (
                        -torch.min(ratio * advantage, clipped * advantage).mean()
                        + 0.5 * ((value - target) ** 2).mean() / 100.0  # payoffs run to 26
                        - args.entropy * dist.entropy().mean()
                    )
                    optimiser.zero_grad()
                    loss.backward()
                    nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                    optimiser.step()
            hands += len(payoffs)
            mean = float(np.mean(payoffs)) if payoffs else 0.0
            curve.writerow([hands, round(time.perf_counter() - started, 1), round(mean, 3)])
            out.flush()
            save(policy, args.out)
            print(f"{hands:9d} hands  {time.perf_counter() - started:7.0f} s  payoff {mean:+.3f}")


if __name__ == "__main__":
    main()
