"""The PettingZoo environments pass PettingZoo's own tests, for every game and player count."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from gamenight.adapters.encoding import NoEncoder
from gamenight.adapters.pettingzoo import env, parallel_env
from gamenight.adapters.turns import build_game
from gamenight.engine.errors import ConfigError, GameOver, IllegalAction, MalformedAction
from tests.adapters.helpers import CASES

#: The warnings PettingZoo's api_test gives every environment whose observation is the
#: ``{"observation", "action_mask"}`` dict (its own classic games are exempted by name).
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_api_test(game_id: str, players: int) -> None:
    """``pettingzoo.test.api_test`` passes, with no warning but the dict-observation ones."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players), num_cycles=200)
    others = {
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    }
    assert not others


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_seed_test(game_id: str, players: int) -> None:
    """``pettingzoo.test.seed_test``: two environments with one seed play the same match."""
    seed_test(lambda: env(game_id, players=players), num_cycles=200)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_parallel_api_test(game_id: str, players: int) -> None:
    """``pettingzoo.test.parallel_api_test`` passes for the parallel environment."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(game_id, players=players), num_cycles=200)
    assert not [w for w in caught if "Live agent" in str(w.message) or "dead" in str(w.message)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_parallel_seed_test(game_id: str, players: int) -> None:
    """``pettingzoo.test.parallel_seed_test`` passes (it sends unmasked random actions: an
    illegal one ends the match as that seat's loss, the same way for the same seed)."""
    parallel_seed_test(lambda: parallel_env(game_id, players=players), num_cycles=200)


def test_each_agent_sees_its_own_hand_only() -> None:
    """Two seats at one moment observe different vectors (their own hands), and a seat's
    observation does not change when only another hand is reshuffled."""
    aec = env("paper-toss", players=2)
    aec.reset(seed=3)
    first, second = aec.observe("player_0"), aec.observe("player_1")
    assert not np.array_equal(first["observation"], second["observation"])
    game, turns = aec.game, aec.turns
    turns.state = game.shuffle_hidden(turns.state, 0, random.Random(1))
    assert np.array_equal(aec.observe("player_0")["observation"], first["observation"])


def test_a_whole_match_ends_with_zero_sum_rewards_to_every_agent() -> None:
    """Playing masked random actions to the end: every agent is told it is done once, and the
    final rewards sum to zero with the winners positive."""
    aec = env("toss-your-cookies", players=4)
    aec.reset(seed=5)
    rng = random.Random(5)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    done = []
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _info = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            done.append(agent)
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(legal[rng.randrange(len(legal))]))
    assert sorted(done) == sorted(aec.possible_agents)
    assert sum(totals.values()) == pytest.approx(0.0, abs=1e-9)
    assert max(totals.values()) == pytest.approx(1.0)


def test_acting_or_observing_outside_a_match_is_refused() -> None:
    """The environment is handed out unwrapped, so it refuses on its own what PettingZoo's
    order-enforcing wrapper refuses: observing or stepping before ``reset``, and stepping once
    every agent has been told the match is over (the parallel one refuses a step before
    ``reset`` too)."""
    aec = env("toss-up")
    with pytest.raises(GameOver, match="reset"):
        aec.observe("player_0")
    with pytest.raises(GameOver, match="reset"):
        aec.step(0)
    aec.reset(seed=2)
    for _agent in aec.agent_iter():
        observation, _reward, terminated, truncated, _info = aec.last()
        if terminated or truncated:
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(observation["action_mask"])[-1]))  # bank: it moves on
    assert aec.agents == []
    with pytest.raises(GameOver, match="reset"):
        aec.step(0)
    aec.observe("player_0")  # the final table may still be looked at
    par = parallel_env("toss-up")
    with pytest.raises(GameOver, match="reset"):
        par.step({})
    aec.reset(seed=2)
    while not aec.terminations["player_0"]:
        aec.step(1)  # bank every turn until the match ends
    with pytest.raises(ValueError, match="dead"):
        aec.step(0)  # a done agent may only send None


def test_illegal_actions_lose_or_raise() -> None:
    """By default an illegal id ends the match as its sender's loss, saying why; with
    ``illegal="raise"`` it raises and changes nothing; an id outside the space always raises."""
    aec = env("cover-your-cookies", players=3)
    aec.reset(seed=1)
    agent = aec.agent_selection
    mask = aec.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    aec.step(illegal)
    assert aec.terminations[agent]
    assert aec.rewards[agent] == -1.0
    assert all(aec.rewards[other] == 0.0 for other in aec.agents if other != agent)
    assert "is not legal now" in aec.infos[agent]["illegal_action"]
    strict = env("cover-your-cookies", players=3, illegal="raise")
    strict.reset(seed=1)
    before = repr(strict.turns.state)
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert repr(strict.turns.state) == before
    with pytest.raises(MalformedAction, match="outside"):
        strict.step(10_000)


def test_an_illegal_move_scores_as_in_pettingzoos_classic_games() -> None:
    """PettingZoo's classic games end a match on an illegal move through its
    ``TerminateIllegalWrapper``: the mover -1, everyone else 0. The built-in ``lose`` policy
    gives the same rewards as that wrapper put around the strict environment."""
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    for game_id, players in (("cover-your-cookies", 4), ("paper-toss", 3)):
        ours = env(game_id, players=players)
        theirs = TerminateIllegalWrapper(env(game_id, players=players, illegal="raise"), -1)
        rewards = []
        for environment in (ours, theirs):
            environment.reset(seed=3)
            mask = environment.observe(environment.agent_selection)["action_mask"]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the wrapper warns of the illegal move
                environment.step(int(np.flatnonzero(mask == 0)[0]))
            assert all(environment.terminations.values()) or all(environment.truncations.values())
            rewards.append(dict(environment.rewards))
        assert rewards[0] == rewards[1]
        assert sorted(rewards[0].values()) == [-1.0] + [0.0] * (players - 1)


def test_parallel_commitments_are_made_in_one_step() -> None:
    """Toss Your Cookies: when a pass is rolled, every seat commits in the same parallel step;
    seats that may not act have ``wait`` alone in their mask."""
    par = parallel_env("toss-your-cookies", players=3)
    observations, _ = par.reset(seed=0)
    rng = random.Random(0)
    saw_all = False
    while par.agents:
        actions = {}
        for agent, observation in observations.items():
            legal = np.flatnonzero(observation["action_mask"])
            actions[agent] = int(legal[rng.randrange(len(legal))]) if len(legal) else None
        deciders = [a for a in actions if actions[a] != par.wait]
        if par.turns.pending.kind.value == "simultaneous" and len(deciders) == 3:
            saw_all = True
            observations, *_ = par.step(actions)
            assert par.turns.pending.kind.value != "simultaneous"
            break
        observations, *_ = par.step(actions)
    assert saw_all


def test_options_players_and_errors() -> None:
    """Game options come as keywords; wrong ones are refused by name, as is a game with no
    encoder and an unknown illegal-action policy."""
    assert (
        build_game("toss-up", players=4, target=50, strict=False).config.to_json()["target"] == 50
    )
    with pytest.raises(ConfigError, match="unknown option"):
        env("toss-up", colour="red")
    with pytest.raises(ConfigError, match=r"players'? is out of range"):
        env("toss-up", players=9)
    with pytest.raises(ConfigError, match="illegal must be one of"):
        env("toss-up", illegal="ignore")
    with pytest.raises(NoEncoder):
        env("grab-bag", players=2)


def test_max_steps_truncates_every_agent() -> None:
    """``max_steps`` cuts the match: every agent is truncated, rewards 0."""
    aec = env("paper-toss", players=2, max_steps=5)
    aec.reset(seed=0)
    for _ in range(5):
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[0]))
    assert all(aec.truncations.values()) and not any(aec.terminations.values())
    assert set(aec.rewards.values()) == {0.0}


def test_render_shows_the_table_as_a_spectator() -> None:
    """``render_mode="ansi"`` renders the spectator's view: no hand is shown."""
    aec = env("paper-toss", players=2, render_mode="ansi")
    aec.reset(seed=0)
    text = aec.render()
    assert text is not None and "Paper Toss!" in text and "hand: None" in text


def test_parallel_reaction_window_passes_all_stand() -> None:
    """Paper Toss!: when everyone listed in a response window passes in one parallel step, every
    pass stands (a pass changes no one's view) and the window closes."""
    par = parallel_env("paper-toss", players=3)
    observations, _ = par.reset(seed=2)
    game = par.game
    pass_id = game.action_id(game.action_from_text("pass"))
    rng = random.Random(2)
    for _ in range(500):
        pending = par.turns.pending
        if pending.kind.value == "reaction" and len(pending.players) == 3:
            actions = {f"player_{p}": pass_id for p in pending.players}
            _obs, _rewards, _terms, _truncs, infos = par.step(actions)
            assert not any(info.get("outpaced") for info in infos.values())
            assert par.turns.pending != pending
            return
        actions = {}
        for agent, observation in observations.items():
            legal = np.flatnonzero(observation["action_mask"])
            actions[agent] = int(legal[rng.randrange(len(legal))]) if len(legal) else None
        observations, *_ = par.step(actions)
        if not par.agents:
            observations, _ = par.reset()
    pytest.fail("no three-seat response window met")


def test_parallel_to_aec_never_selects_an_agent_with_nothing_to_do() -> None:
    """PettingZoo's ``parallel_to_aec`` selects every live agent in turn; a seat that may not
    act has the no-op ``wait`` as its one action, so no selected agent sees an empty mask, and
    a seat that may act never sees ``wait``. Over a whole Toss Your Cookies match (most of its
    turns are one seat's), the loop of the docs' quick start runs to the end."""
    from pettingzoo.utils.conversions import parallel_to_aec

    par = parallel_env("toss-your-cookies", players=4)
    aec = parallel_to_aec(par)
    aec.reset(seed=42)
    selected = waits = 0
    final = {}
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _info = aec.last()
        if terminated or truncated:
            final[agent] = reward
            aec.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.any(), agent
        seat = int(agent.removeprefix("player_"))
        may_act = seat in par.turns.deciders
        assert bool(mask[par.wait]) is not may_act
        assert mask.sum() == 1 or may_act
        selected += 1
        waits += not may_act
        aec.step(int(mask.nonzero()[0][0]))
    assert selected > 100 and 0 < waits < selected
    assert par.turns.over and not par.turns.truncated and max(final.values()) > 0  # a winner


def test_a_seat_that_may_act_loses_by_sending_wait_and_idle_seats_send_anything() -> None:
    """``wait`` from a seat whose decision it is, is an illegal move (-1, the reason); the
    seats that may not act are ignored whatever they send."""
    par = parallel_env("paper-toss", players=3)
    observations, _ = par.reset(seed=1)
    (seat,) = par.turns.deciders
    idle = [agent for p, agent in enumerate(par.agents) if p != seat]
    legal = int(np.flatnonzero(observations[f"player_{seat}"]["action_mask"])[0])
    _obs, rewards, _t, _c, _infos = par.step(
        {f"player_{seat}": legal, idle[0]: None, idle[1]: "anything"}
    )
    assert not any(rewards.values()) and par.agents
    (seat,) = par.turns.deciders
    _obs, rewards, terminations, _c, infos = par.step(dict.fromkeys(par.possible_agents, par.wait))
    assert all(terminations.values()) and rewards[f"player_{seat}"] == -1.0
    assert "'wait' (id" in infos[f"player_{seat}"]["illegal_action"]
