// The reward vocabulary (the policy, the breakdown, the calculator) is part of judging: a verdict is turned into
// gold here, by the rules of docs/reward-policy.md.
@_exported public import PlaytimeRewards
