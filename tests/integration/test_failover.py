"""Cluster failover: playbooks at -vvvv against the emulator serving as three nodes, over real HTTPS.

DASHBOARD_HOST lists the nodes, comma-separated, as an AWX credential would inject them.
"""

from dashboard_emulator.testing import PASSWORDS

ADMIN_PASSWORD = PASSWORDS['admin']


def cluster_env(clu, nodes=None):
    return {'DASHBOARD_HOST': ','.join(nodes or clu.node_urls), 'DASHBOARD_CA_PATH': clu.ca_path}


def test_a_node_down_mid_play_hands_the_play_to_the_next_node_with_one_login(play, clu):
    nodes = clu.node_urls
    run = play('failover.yml', hosts=2, verbosity=4, env=cluster_env(clu),
               extra_vars={'admin_password': ADMIN_PASSWORD, 'cluster_nodes': nodes})
    assert run.rc == 0, run.output
    assert run.total('failed') == 0
    counters = clu.counters()
    assert counters['logins'] == 1, 'the cluster is one dashboard: one login for the run'
    assert counters['requests_by_node']['1'] >= 2, 'both hosts read through node 1 after node 0 went down'
    assert counters['requests_by_node']['2'] == 0, 'node 1 answered: node 2 was never needed'
    assert 'node %s refused the connection; trying node %s' % (nodes[0], nodes[1]) in run.output
    run.assert_no_secrets(ADMIN_PASSWORD)


def test_a_certificate_failure_on_a_node_is_an_error_not_a_failover(play, clu, foreign_node):
    run = play('failover_tls.yml', verbosity=4, env=cluster_env(clu, [foreign_node] + clu.node_urls),
               extra_vars={'admin_password': ADMIN_PASSWORD})
    assert run.rc != 0
    assert 'TLS with the dashboard %s failed: the certificate is not signed by a trusted CA' % foreign_node in run.output
    assert 'trying node' not in run.output
    counters = clu.counters()
    assert counters['logins'] == 0
    assert sum(counters['requests_by_node'].values()) == 0
    run.assert_no_secrets(ADMIN_PASSWORD)
