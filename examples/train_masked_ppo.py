"""Train a masked PPO agent on solo Foxglove Farm for a few thousand steps.

Not part of the test suite. It needs the RL extra plus Stable-Baselines3-Contrib (and PyTorch,
which sb3-contrib pulls in)::

    pip install "acreage[rl]" sb3-contrib

    python examples/train_masked_ppo.py --steps 4096 --move-cap 20

MaskablePPO samples only legal actions: it calls the environment's ``action_masks()`` (a
boolean vector over the game's action ids). ``acreage.interop.gymnasium.AcreageEnv`` has that
method; ``ActionMasker`` exposes it on the outermost wrapper, since Gymnasium 1.x wrappers do
not forward attribute lookups to the environment they wrap.
"""

from __future__ import annotations

import argparse
import statistics

import gymnasium as gym
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

import acreage.interop.gymnasium  # noqa: F401  (registers acreage/FoxgloveSolo-v0)


def mask_fn(env: gym.Env) -> np.ndarray:
    return env.unwrapped.action_masks()


def make_env(move_cap: int) -> gym.Env:
    return ActionMasker(gym.make("acreage/FoxgloveSolo-v0", move_cap=move_cap), mask_fn)


def evaluate(env: gym.Env, episodes: int, seed: int, model: MaskablePPO | None = None) -> list[float]:
    """Final solo scores over ``episodes`` games: the model's, or a uniform legal-move baseline."""
    rng = np.random.default_rng(seed)
    scores = []
    for i in range(episodes):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            masks = mask_fn(env)
            if model is None:
                action = int(rng.choice(np.flatnonzero(masks)))
            else:
                action, _ = model.predict(obs, action_masks=masks, deterministic=True)
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        scores.append(float(info["scores"][0]))
    return scores


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=4096, help="training steps (default 4096)")
    parser.add_argument("--move-cap", type=int, default=20, help="moves per transport phase (default 20)")
    parser.add_argument("--episodes", type=int, default=20, help="evaluation games (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default="", help="where to save the trained model (optional)")
    args = parser.parse_args(argv)

    env = make_env(args.move_cap)
    # The reward is the final solo score, paid at the end of the game ("auto" = "score" solo).
    model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, gamma=1.0, seed=args.seed, verbose=1)
    model.learn(total_timesteps=args.steps)
    if args.save:
        model.save(args.save)

    eval_env = make_env(args.move_cap)
    baseline = evaluate(eval_env, args.episodes, seed=10_000)
    trained = evaluate(eval_env, args.episodes, seed=10_000, model=model)
    print(f"random legal moves: mean score {statistics.mean(baseline):.1f} over {args.episodes} games")
    print(f"masked PPO        : mean score {statistics.mean(trained):.1f} over {args.episodes} games")


if __name__ == "__main__":
    main()
